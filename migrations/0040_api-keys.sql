-- API keys for integrators (issue 20 part 6, ADR 047): a company admin's key acts for one company's
-- subtree, read-only (GET routes) or with an explicit list of permissions. Only the SHA-256 of the
-- secret is stored (`secret_hash`, unique), with a short display prefix; rotation replaces the hash,
-- so the old secret stops at once. `roles_json` is the creator's roles at creation (the ceiling of
-- what the key may do); `permissions_json` is null for a read-only key.
CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`scope` text NOT NULL,
	`permissions_json` text,
	`roles_json` text NOT NULL,
	`secret_hash` text NOT NULL,
	`display_prefix` text NOT NULL,
	`created_by` integer NOT NULL REFERENCES `users`(`id`),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`rotated_at` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	`revoked_by` integer REFERENCES `users`(`id`),
	CHECK (`scope` IN ('read', 'permissions'))
);--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret_hash_uq` ON `api_keys` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_company_idx` ON `api_keys` (`company_id`, `id`);--> statement-breakpoint
-- Requests per key per minute (`minute` = epoch minute): the rate limit's counter and the usage shown
-- on the key's row. Rows older than eight days are pruned by the daily cron.
CREATE TABLE `api_key_usage` (
	`key_id` integer NOT NULL REFERENCES `api_keys`(`id`) ON DELETE cascade,
	`minute` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`key_id`, `minute`)
);--> statement-breakpoint
CREATE INDEX `api_key_usage_minute_idx` ON `api_key_usage` (`minute`);
