CREATE TABLE `station_onboarding_steps` (
	`station_id` integer NOT NULL,
	`step` text NOT NULL,
	`status` text NOT NULL,
	`message_key` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`user_id` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`station_id`, `step`),
	FOREIGN KEY (`station_id`) REFERENCES `stations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `station_onboarding_steps_status_idx` ON `station_onboarding_steps` (`status`);--> statement-breakpoint
CREATE TABLE `station_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`brand` text NOT NULL,
	`model` text NOT NULL,
	`power_type` text NOT NULL,
	`voltage` integer NOT NULL,
	`amperage` integer NOT NULL,
	`profile` text,
	`url_type` text DEFAULT 'ocpp1.6' NOT NULL,
	`connectors_json` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `station_templates_name_unique` ON `station_templates` (`name`);--> statement-breakpoint
ALTER TABLE `stations` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `stations` ADD `commissioning_status` text DEFAULT 'commissioned' NOT NULL;