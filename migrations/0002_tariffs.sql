CREATE TABLE `mps_tariffs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`type` text NOT NULL,
	`country_code` text NOT NULL,
	`tariff_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tariff_id`) REFERENCES `tariffs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mps_tariffs_unique` ON `mps_tariffs` (`company_id`,`type`,`country_code`);--> statement-breakpoint
CREATE TABLE `session_pricing` (
	`session_id` integer PRIMARY KEY NOT NULL,
	`emp_tariff_id` integer,
	`subcpo_tariff_id` integer,
	`owner_tariff_id` integer,
	`results_json` text NOT NULL,
	`priced_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `charging_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tariffs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`name` text NOT NULL,
	`label` text,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`countries_json` text DEFAULT '[]' NOT NULL,
	`grace_time_s` integer DEFAULT 0 NOT NULL,
	`free_parking_s` integer DEFAULT 0 NOT NULL,
	`elements_json` text NOT NULL,
	`min_price_excl_vat` integer,
	`max_price_excl_vat` integer,
	`max_price_incl_vat` integer,
	`vat_included` integer DEFAULT false NOT NULL,
	`valid_from` integer,
	`valid_to` integer,
	`apply_from` integer,
	`customer_group_id` integer,
	`payment_type` text,
	`emsp` text,
	`version_of` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`approved_by` integer,
	`approved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tariffs_company_type_idx` ON `tariffs` (`company_id`,`type`,`status`);--> statement-breakpoint
CREATE INDEX `tariffs_version_idx` ON `tariffs` (`version_of`);