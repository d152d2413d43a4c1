CREATE TABLE `ehdv_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ehdv_types_code_unique` ON `ehdv_types` (`code`);--> statement-breakpoint
CREATE TABLE `user_vehicles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`brand_id` integer,
	`model_id` integer,
	`vin` text,
	`license_plate` text,
	`telematics_provider` text,
	`odometer_km` real,
	`soc_percent` real,
	`telemetry_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`brand_id`) REFERENCES `vehicle_brands`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`model_id`) REFERENCES `vehicle_models`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `user_vehicles_user_idx` ON `user_vehicles` (`user_id`);--> statement-breakpoint
CREATE INDEX `user_vehicles_company_idx` ON `user_vehicles` (`company_id`);--> statement-breakpoint
CREATE TABLE `vehicle_brands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_brands_name_unique` ON `vehicle_brands` (`name`);--> statement-breakpoint
CREATE TABLE `vehicle_models` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`brand_id` integer NOT NULL,
	`name` text NOT NULL,
	`battery_kwh` real NOT NULL,
	`ac_max_kw` real NOT NULL,
	`dc_max_kw` real,
	`plugs` text NOT NULL,
	`range_km` integer,
	`ehdv_type_id` integer,
	FOREIGN KEY (`brand_id`) REFERENCES `vehicle_brands`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ehdv_type_id`) REFERENCES `ehdv_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_models_brand_name_unique` ON `vehicle_models` (`brand_id`,`name`);--> statement-breakpoint
CREATE TABLE `vehicle_webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`token` text NOT NULL,
	`secret_hash` text NOT NULL,
	`secret_sealed` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`rotated_at` integer,
	`last_received_at` integer,
	FOREIGN KEY (`vehicle_id`) REFERENCES `user_vehicles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_webhooks_token_unique` ON `vehicle_webhooks` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_webhooks_vehicle_unique` ON `vehicle_webhooks` (`vehicle_id`);