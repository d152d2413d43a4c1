CREATE TABLE `maintenance_tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`station_id` integer NOT NULL,
	`connector_id` integer,
	`title` text NOT NULL,
	`problem` text NOT NULL,
	`action` text,
	`operator` text,
	`priority` text DEFAULT 'new' NOT NULL,
	`resolved` integer DEFAULT false NOT NULL,
	`resolved_by_user_id` integer,
	`resolved_at` integer,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`station_id`) REFERENCES `stations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `maintenance_tickets_company_idx` ON `maintenance_tickets` (`company_id`,`resolved`,`priority`);--> statement-breakpoint
CREATE INDEX `maintenance_tickets_connector_idx` ON `maintenance_tickets` (`connector_id`,`created_at`);