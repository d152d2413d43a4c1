-- Ad-hoc payment by QR at the charger (issue 18 part 4): a passer-by without an account pays a
-- pre-authorized amount by card (a manual-capture PaymentIntent), the back office remote-starts the
-- connector with a one-time `EP-…` auth id, and at stop only the session's real price is captured.
-- The station flag `qr_payment_enabled` and the company's `pre_authorization_amount` exist since 0000.
-- `amount_held` is copied from the operator's pre_authorization_amount when the row is made: it is
-- locked per QR session (spec 9), whatever the company changes later. `token` is the random,
-- unguessable id of the driver's pages (/pay/receipt/{token}); `auth_id` is used once (unique).
CREATE TABLE `qr_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`connector_id` integer NOT NULL REFERENCES `connectors`(`id`) ON DELETE cascade,
	`station_id` integer NOT NULL REFERENCES `stations`(`id`) ON DELETE cascade,
	`connector_number` integer NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`tariff_id` integer REFERENCES `tariffs`(`id`) ON DELETE set null,
	`amount_held` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`auth_id` text NOT NULL,
	`session_id` integer REFERENCES `charging_sessions`(`id`) ON DELETE set null,
	`captured_amount` integer,
	`stripe_payment_intent_id` text,
	`failure_reason` text,
	`email` text,
	`language` text DEFAULT 'en' NOT NULL,
	`receipt_sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`authorized_at` integer,
	`start_requested_at` integer,
	`started_at` integer,
	`finished_at` integer,
	`updated_at` integer,
	CHECK (`status` IN ('pending', 'authorized', 'starting', 'charging', 'captured', 'released', 'failed')),
	CHECK (`amount_held` > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX `qr_payments_token_uq` ON `qr_payments` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `qr_payments_auth_id_uq` ON `qr_payments` (`auth_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `qr_payments_intent_uq` ON `qr_payments` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `qr_payments_session_uq` ON `qr_payments` (`session_id`);--> statement-breakpoint
CREATE INDEX `qr_payments_open_idx` ON `qr_payments` (`status`, `id`) WHERE `status` IN ('pending', 'authorized', 'starting', 'charging');--> statement-breakpoint
CREATE INDEX `qr_payments_company_idx` ON `qr_payments` (`company_id`, `id`);
