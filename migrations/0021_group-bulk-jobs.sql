CREATE TABLE `connector_group_bulk_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`group_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`action` text NOT NULL,
	`connector_ids` text NOT NULL,
	`total` integer NOT NULL,
	`by_filter` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `connector_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connector_group_bulk_jobs_created_idx` ON `connector_group_bulk_jobs` (`created_at`);