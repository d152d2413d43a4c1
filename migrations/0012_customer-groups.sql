CREATE TABLE `customer_group_companies` (
	`customer_group_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	PRIMARY KEY(`customer_group_id`, `company_id`),
	FOREIGN KEY (`customer_group_id`) REFERENCES `customer_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `customer_group_members` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`customer_group_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_group_id`) REFERENCES `customer_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_group_members_group_idx` ON `customer_group_members` (`customer_group_id`);--> statement-breakpoint
CREATE TABLE `customer_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`max_price_excl_vat` integer,
	`hide_roaming` integer DEFAULT false NOT NULL,
	`disable_payment` integer DEFAULT false NOT NULL,
	`user_privacy` integer DEFAULT false NOT NULL,
	`automatic_private` integer DEFAULT false NOT NULL,
	`targets_json` text DEFAULT '{}' NOT NULL,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customer_groups_company_idx` ON `customer_groups` (`company_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `customer_groups_name_unique` ON `customer_groups` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `session_tariff_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`party` text NOT NULL,
	`position` integer NOT NULL,
	`dimension` text NOT NULL,
	`tariff_id` integer,
	`element_index` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`vat_bp` integer,
	`excl_vat` integer NOT NULL,
	`vat` integer NOT NULL,
	`incl_vat` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `charging_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_tariff_lines_session_idx` ON `session_tariff_lines` (`session_id`,`party`,`position`);--> statement-breakpoint
ALTER TABLE `charging_sessions` ADD `customer_group_id` integer;--> statement-breakpoint
CREATE INDEX `charging_sessions_customer_group_idx` ON `charging_sessions` (`customer_group_id`,`cdr_start`);