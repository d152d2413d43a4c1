CREATE TABLE `connector_group_connectors` (
	`group_id` integer NOT NULL,
	`connector_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`group_id`, `connector_id`),
	FOREIGN KEY (`group_id`) REFERENCES `connector_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connector_group_connectors_connector_idx` ON `connector_group_connectors` (`connector_id`);--> statement-breakpoint
CREATE TABLE `connector_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`description` text,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connector_groups_company_name_unique` ON `connector_groups` (`company_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `connector_groups_name_idx` ON `connector_groups` (`name`);--> statement-breakpoint
CREATE TABLE `location_stations` (
	`station_id` integer PRIMARY KEY NOT NULL,
	`location_id` integer NOT NULL,
	FOREIGN KEY (`station_id`) REFERENCES `stations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `location_stations_location_idx` ON `location_stations` (`location_id`);--> statement-breakpoint
CREATE TABLE `locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`street_number` text,
	`postal_code` text NOT NULL,
	`city` text NOT NULL,
	`country` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`time_zone` text DEFAULT 'Europe/Paris' NOT NULL,
	`directions` text,
	`opening_hours` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_uid_unique` ON `locations` (`uid`);--> statement-breakpoint
CREATE INDEX `locations_company_idx` ON `locations` (`company_id`);--> statement-breakpoint
CREATE INDEX `locations_name_idx` ON `locations` (`name`);