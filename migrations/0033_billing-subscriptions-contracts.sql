-- Subscriptions and invoices (issue 17 §6, §7): a price recurs every `interval_count` intervals (a
-- fleet subscription contract of 6 months is a price recurring every 6 months); a catalogue product
-- made for a subscription contract names it, so a contract gets one Stripe product and price per
-- operator; a Stripe subscription that pays a driver's contract names that contract.
ALTER TABLE `billing_prices` ADD `interval_count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_products` ADD `contract_id` integer REFERENCES `subscription_contracts`(`id`);--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `user_contract_id` integer REFERENCES `user_subscription_contracts`(`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `billing_products_contract_uq` ON `billing_products` (`owner_company_id`, `contract_id`) WHERE `contract_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `billing_subscriptions_user_contract_idx` ON `billing_subscriptions` (`user_contract_id`);
