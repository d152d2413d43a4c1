-- A usage invoice's lines share Stripe items (all sessions as one item: Stripe takes at most 250
-- items per invoice, domain/billing/stripe-invoice-items.ts), so a line's Stripe item id is no
-- longer unique; it stays indexed for lookups.
DROP INDEX IF EXISTS `billing_invoice_lines_stripe_invoice_item_id_unique`;
CREATE INDEX `billing_invoice_lines_stripe_item_idx` ON `billing_invoice_lines` (`stripe_invoice_item_id`);
