CREATE TABLE `backoffice_user_flags` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`permission_updates_disabled` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fleet_company_settings` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`limit_unit` text DEFAULT 'kwh' NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_currency_limits` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`daily_minor` integer,
	`weekly_minor` integer,
	`monthly_minor` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
