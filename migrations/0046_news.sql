-- News (issue 20 part 8, spec /fleet/news and call `news`): a company's admins publish short plain-text
-- news to the users of their company: everyone, only fleet users (no back-office role) or only
-- back-office staff. A news item shows from `published_at` until `expires_at` (null: no end);
-- deleting is soft (`deleted_at`). `news_reads` records who has read what, once per user.
CREATE TABLE `news` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`published_at` integer NOT NULL,
	`expires_at` integer,
	`created_by` integer NOT NULL REFERENCES `users`(`id`),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	`deleted_at` integer,
	CHECK (`audience` IN ('all', 'users', 'staff'))
);--> statement-breakpoint
CREATE INDEX `news_company_published_idx` ON `news` (`company_id`, `published_at`);--> statement-breakpoint
CREATE TABLE `news_reads` (
	`news_id` integer NOT NULL REFERENCES `news`(`id`) ON DELETE cascade,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`read_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`news_id`, `user_id`)
);--> statement-breakpoint
CREATE INDEX `news_reads_user_idx` ON `news_reads` (`user_id`);
