-- Home-charging reimbursement (issue 19, ADR 046). A fleet company lets employees charge company cars
-- at home and pays the energy back each month: its settings (one row per company), the employees' home
-- stations (online ones report sessions over OCPP; offline ones are reimbursed from meter readings),
-- the documents they upload to R2 (power contracts, meter readings) and the monthly statements the job
-- writes, the per-employee tariffs (pending until a manager approves), the monthly reimbursements with
-- their audited status changes, and the employees' own Stripe Connect accounts for payouts.
-- Money is integer minor units; prices per kWh are milli-minor units per kWh, like companies.kwh_net_cost.
ALTER TABLE `users` ADD `doc_upload_not_mandatory` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `home_reimbursement_evfleet` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE `home_reimbursement_settings` (
	`company_id` integer PRIMARY KEY NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`active` integer DEFAULT false NOT NULL,
	`type` text DEFAULT 'company' NOT NULL,
	`flat_tariff` integer,
	`flat_tariff_valid_from` text,
	`extra_expense_enabled` integer DEFAULT false NOT NULL,
	`extra_expense_limit` integer,
	`fee_basis_points` integer DEFAULT 0 NOT NULL,
	`contact_emails` text,
	`alert_emails` text,
	`recipients` text,
	`contract_approval` integer DEFAULT false NOT NULL,
	`payment_provider_flow` integer DEFAULT false NOT NULL,
	`offline_station_process` integer DEFAULT false NOT NULL,
	`skip_document_upload` integer DEFAULT false NOT NULL,
	`fleet_rule_set` integer DEFAULT false NOT NULL,
	`updated_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`updated_at` integer,
	CHECK (`type` IN ('company', 'employee')),
	CHECK (`fee_basis_points` BETWEEN 0 AND 10000)
);--> statement-breakpoint
CREATE TABLE `home_stations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`station_id` integer REFERENCES `stations`(`id`) ON DELETE set null,
	`name` text NOT NULL,
	`is_offline` integer DEFAULT false NOT NULL,
	`meter_serial` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	`deleted_at` integer
);--> statement-breakpoint
CREATE INDEX `home_stations_user_idx` ON `home_stations` (`user_id`);--> statement-breakpoint
CREATE INDEX `home_stations_company_idx` ON `home_stations` (`company_id`, `user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `home_stations_station_uq` ON `home_stations` (`station_id`) WHERE `station_id` IS NOT NULL AND `deleted_at` IS NULL;--> statement-breakpoint
CREATE TABLE `reimbursement_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`home_station_id` integer REFERENCES `home_stations`(`id`) ON DELETE set null,
	`type` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`sha256` text,
	`period` text,
	`meter_wh` integer,
	`approved` integer,
	`reviewed_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`reviewed_at` integer,
	`uploaded_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	CHECK (`type` IN ('power_contract', 'meter_reading', 'statement'))
);--> statement-breakpoint
CREATE UNIQUE INDEX `reimbursement_documents_r2_key_uq` ON `reimbursement_documents` (`r2_key`);--> statement-breakpoint
CREATE INDEX `reimbursement_documents_company_idx` ON `reimbursement_documents` (`company_id`, `type`, `created_at`);--> statement-breakpoint
CREATE INDEX `reimbursement_documents_user_idx` ON `reimbursement_documents` (`user_id`, `type`, `period`);--> statement-breakpoint
-- One monthly statement per employee and month, whatever reruns.
CREATE UNIQUE INDEX `reimbursement_documents_statement_uq` ON `reimbursement_documents` (`user_id`, `period`) WHERE `type` = 'statement' AND `deleted_at` IS NULL;--> statement-breakpoint
CREATE TABLE `reimbursement_tariffs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`price_per_kwh` integer NOT NULL,
	`currency` text NOT NULL,
	`valid_from` text NOT NULL,
	`valid_to` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`document_id` integer REFERENCES `reimbursement_documents`(`id`) ON DELETE set null,
	`created_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`reviewed_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`reviewed_at` integer,
	`updated_at` integer,
	`deleted_at` integer,
	CHECK (`status` IN ('pending', 'active', 'rejected')),
	CHECK (`price_per_kwh` >= 0),
	CHECK (`valid_to` IS NULL OR `valid_to` >= `valid_from`)
);--> statement-breakpoint
CREATE INDEX `reimbursement_tariffs_user_idx` ON `reimbursement_tariffs` (`user_id`, `valid_from`);--> statement-breakpoint
CREATE INDEX `reimbursement_tariffs_company_idx` ON `reimbursement_tariffs` (`company_id`, `status`);--> statement-breakpoint
-- The spec's rule, held by the database too: one pending tariff per employee at a time.
CREATE UNIQUE INDEX `reimbursement_tariffs_one_pending_uq` ON `reimbursement_tariffs` (`user_id`) WHERE `status` = 'pending' AND `deleted_at` IS NULL;--> statement-breakpoint
CREATE TABLE `reimbursements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`period` text NOT NULL,
	`status` text DEFAULT 'pending_approval' NOT NULL,
	`currency` text NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	`energy_wh` integer DEFAULT 0 NOT NULL,
	`energy_amount` integer DEFAULT 0 NOT NULL,
	`capped` integer DEFAULT false NOT NULL,
	`extra_expense` integer DEFAULT 0 NOT NULL,
	`extra_expense_note` text,
	`value` integer DEFAULT 0 NOT NULL,
	`breakdown` text DEFAULT '[]' NOT NULL,
	`iban_owner` text,
	`partner_user_id` text,
	`authorization_reference` text,
	`payout_method` text,
	`stripe_transfer_id` text,
	`stripe_payout_id` text,
	`failure_reason` text,
	`paid_at` integer,
	`fee_invoice_id` integer REFERENCES `billing_invoices`(`id`) ON DELETE set null,
	`run_id` integer,
	`computed_at` integer NOT NULL,
	`updated_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`updated_at` integer,
	CHECK (`status` IN ('pending_approval', 'validated_by_user', 'validated_by_manager', 'processed', 'rejected', 'paid', 'payment_failed')),
	CHECK (`payout_method` IS NULL OR `payout_method` IN ('stripe', 'bank_transfer')),
	CHECK (`value` >= 0 AND `energy_amount` >= 0 AND `extra_expense` >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX `reimbursements_user_period_uq` ON `reimbursements` (`user_id`, `period`);--> statement-breakpoint
CREATE INDEX `reimbursements_company_idx` ON `reimbursements` (`company_id`, `period`, `status`);--> statement-breakpoint
CREATE UNIQUE INDEX `reimbursements_transfer_uq` ON `reimbursements` (`stripe_transfer_id`) WHERE `stripe_transfer_id` IS NOT NULL;--> statement-breakpoint
-- Every status change, who made it and why (the audit trail of part 6).
CREATE TABLE `reimbursement_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reimbursement_id` integer NOT NULL REFERENCES `reimbursements`(`id`) ON DELETE cascade,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_id` integer REFERENCES `users`(`id`) ON DELETE set null,
	`note` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE INDEX `reimbursement_events_reimbursement_idx` ON `reimbursement_events` (`reimbursement_id`, `id`);--> statement-breakpoint
-- An employee's own Stripe Connect (Express) account, to receive reimbursement payouts.
CREATE TABLE `user_payout_accounts` (
	`user_id` integer PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`stripe_account_id` text NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`stripe_event_at` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `user_payout_accounts_stripe_uq` ON `user_payout_accounts` (`stripe_account_id`);
