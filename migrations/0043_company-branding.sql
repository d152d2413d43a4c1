-- Company branding, white-label, demo mode, mobile app customisation and report settings (issue 20
-- parts 2 and 7, ADR 049). The logo (R2 key) and brand colour already had their columns (companies.logo,
-- companies.brand_color); the back-office title, the white-label and demo-mode flags and the chosen app
-- customisation are four more columns of the company row, so the session middleware, which reads that
-- row on every call, knows them without another query.
CREATE TABLE `app_customizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_customizations_name_unique` ON `app_customizations` (`name`);--> statement-breakpoint
INSERT INTO `app_customizations` (`id`, `name`) VALUES (1, 'Standard app');--> statement-breakpoint
ALTER TABLE `companies` ADD `title` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `white_label` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `demo_mode` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `app_customization_customers_id` integer REFERENCES `app_customizations`(`id`) ON DELETE set null;--> statement-breakpoint
CREATE TABLE `company_report_settings` (
	`company_id` integer PRIMARY KEY NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`monthly_revenue` integer DEFAULT false NOT NULL,
	`quarterly_revenue` integer DEFAULT false NOT NULL,
	`recipients` text,
	`updated_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`updated_at` integer
);
