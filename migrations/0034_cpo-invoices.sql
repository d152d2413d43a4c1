-- Operator invoice board (issue 17 part 8, /cpo-invoices/*): one row per operator and month with the
-- figures computed from the month's sessions (frozen once no longer draft), the three admin checks
-- (unchecked by default), the status, and its timeline (who changed what and when).
CREATE TABLE `cpo_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operator_company_id` integer NOT NULL,
	`month` text NOT NULL,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	`energy_wh` integer DEFAULT 0 NOT NULL,
	`energy_amount` integer DEFAULT 0 NOT NULL,
	`sub_operator_total` integer DEFAULT 0 NOT NULL,
	`owner_total` integer DEFAULT 0 NOT NULL,
	`unpriced_sessions` integer DEFAULT 0 NOT NULL,
	`invoice_date` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`sessions_checked` integer DEFAULT false NOT NULL,
	`amounts_checked` integer DEFAULT false NOT NULL,
	`sent_to_operator` integer DEFAULT false NOT NULL,
	`notes` text,
	`computed_at` integer NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`operator_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cpo_invoices_operator_month_uq` ON `cpo_invoices` (`operator_company_id`,`month`);--> statement-breakpoint
CREATE INDEX `cpo_invoices_month_idx` ON `cpo_invoices` (`month`,`id`);--> statement-breakpoint
CREATE TABLE `cpo_invoice_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`kind` text NOT NULL,
	`detail_json` text,
	`actor_user_id` integer,
	`at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `cpo_invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cpo_invoice_events_invoice_idx` ON `cpo_invoice_events` (`invoice_id`,`id`);
