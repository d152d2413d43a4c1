CREATE TABLE `subscription_contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price_minor` integer NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`duration_months` integer NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_contracts_company_idx` ON `subscription_contracts` (`company_id`);--> statement-breakpoint
CREATE TABLE `user_personal_data` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`country` text,
	`city` text,
	`district` text,
	`street` text,
	`street_number` text,
	`zip` text,
	`auto_recharge_enabled` integer DEFAULT false NOT NULL,
	`station_id` integer,
	`iban_sealed` text,
	`iban_country` text,
	`iban_last4` text,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`station_id`) REFERENCES `stations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `user_subscription_contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`starts_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`autorenew` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contract_id`) REFERENCES `subscription_contracts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `user_subscription_contracts_user_idx` ON `user_subscription_contracts` (`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_subscription_contracts_one_active` ON `user_subscription_contracts` (`user_id`,`contract_id`) WHERE status = 'active';