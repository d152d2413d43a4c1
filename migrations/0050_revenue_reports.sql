-- Revenue reports (issue 21 part 6, ADR 056): one monthly or quarterly revenue PDF per company and period,
-- its object in R2 (`FILES`) under the fixed key revenue-reports/{companyId}/{period}.pdf, written by the
-- daily cron job on the 1st (or "generate now"). One row per company, kind and period: a rerun finds it.
-- `status` failed keeps the error; the next tick retries it. `emailed_at`: when the recipients' e-mails
-- were queued (null: not yet, or nobody to send to). The recipients and the monthly/quarterly choice are
-- the company's existing report settings (company_report_settings, migration 0043).
CREATE TABLE `revenue_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`period_kind` text NOT NULL,
	`period` text NOT NULL,
	`r2_key` text NOT NULL,
	`size_bytes` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`source` text,
	`requested_by_user_id` integer REFERENCES `users`(`id`) ON DELETE set null,
	`generated_at` integer NOT NULL,
	`emailed_at` integer,
	CHECK (`period_kind` IN ('month', 'quarter')),
	CHECK (`status` IN ('ready', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revenue_reports_company_period_unique` ON `revenue_reports` (`company_id`, `period_kind`, `period`);
--> statement-breakpoint
CREATE INDEX `revenue_reports_period_idx` ON `revenue_reports` (`period`, `company_id`);
