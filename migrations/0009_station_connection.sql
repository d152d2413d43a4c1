ALTER TABLE `stations` ADD `connected` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `stations` ADD `connection_changed_at` integer;