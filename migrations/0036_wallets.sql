-- Prepaid wallets (issue 18): a wallet belongs to a company (user_id NULL, the company's own wallet)
-- or to one of its users, in one currency. Its balance is never stored alone: it is the running total
-- of an append-only ledger. Each entry carries the balance after it, computed by the same INSERT from
-- the wallet's previous entry (one statement, so D1's single writer keeps the chain exact), which makes
-- reading a balance one indexed row whatever the ledger's length. `reference` makes every entry
-- idempotent: a top-up, a session debit or a refund is written once per wallet whatever retries.
CREATE TABLE `wallets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`user_id` integer REFERENCES `users`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`auto_recharge_threshold` integer,
	`auto_recharge_amount` integer,
	`created_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	`deleted_at` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `wallets_owner_uq` ON `wallets` (`company_id`, ifnull(`user_id`, 0)) WHERE `deleted_at` IS NULL;--> statement-breakpoint
CREATE INDEX `wallets_user_idx` ON `wallets` (`user_id`);--> statement-breakpoint
CREATE TABLE `wallet_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`wallet_id` integer NOT NULL REFERENCES `wallets`(`id`) ON DELETE cascade,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`balance_after` integer NOT NULL,
	`reference` text NOT NULL,
	`session_id` integer REFERENCES `charging_sessions`(`id`) ON DELETE set null,
	`top_up_id` integer,
	`reason` text,
	`author_id` integer REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CHECK (`kind` IN ('top_up', 'session_debit', 'refund', 'adjustment'))
);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_reference_uq` ON `wallet_entries` (`wallet_id`, `reference`);--> statement-breakpoint
CREATE INDEX `wallet_entries_wallet_idx` ON `wallet_entries` (`wallet_id`, `id`);--> statement-breakpoint
CREATE INDEX `wallet_entries_session_idx` ON `wallet_entries` (`session_id`);--> statement-breakpoint
-- Append-only: what an entry says never changes (a deleted user or session only loses its link).
CREATE TRIGGER `wallet_entries_append_only` BEFORE UPDATE OF `wallet_id`, `kind`, `amount`, `balance_after`, `reference` ON `wallet_entries`
BEGIN SELECT RAISE(ABORT, 'wallet entries are append-only'); END;--> statement-breakpoint
CREATE TABLE `wallet_top_ups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`wallet_id` integer NOT NULL REFERENCES `wallets`(`id`) ON DELETE cascade,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`origin` text DEFAULT 'manual' NOT NULL,
	`stripe_checkout_session_id` text UNIQUE,
	`stripe_payment_intent_id` text,
	`stripe_event_at` integer DEFAULT 0 NOT NULL,
	`failure` text,
	`created_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	CHECK (`status` IN ('pending', 'paid', 'failed', 'expired')),
	CHECK (`origin` IN ('manual', 'auto_recharge'))
);--> statement-breakpoint
CREATE INDEX `wallet_top_ups_wallet_idx` ON `wallet_top_ups` (`wallet_id`, `id`);
