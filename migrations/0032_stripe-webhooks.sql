-- Stripe webhooks (issue 17 §9): a payment method keeps the second of the last event applied to it
-- (like every other billing row), an ignored event says why, and the webhook log lists a connected
-- account's events newest first.
ALTER TABLE `billing_payment_methods` ADD `stripe_event_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `reason` text;--> statement-breakpoint
CREATE INDEX `stripe_events_account_idx` ON `stripe_events` (`account`,`created_at`);
