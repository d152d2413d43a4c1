CREATE TABLE `revoked_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`serial` text NOT NULL,
	`company_id` integer NOT NULL,
	`station_id` integer NOT NULL,
	`subject` text NOT NULL,
	`reason` text NOT NULL,
	`revoked_at` integer NOT NULL,
	`revoked_by` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`station_id`) REFERENCES `stations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`revoked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revoked_certificates_serial_unique` ON `revoked_certificates` (`serial`);--> statement-breakpoint
CREATE INDEX `revoked_certificates_station_idx` ON `revoked_certificates` (`station_id`);