/**
 * @module Which Stripe account holds an operator's billing objects (issue 17): the operator's own
 * Connect account when it has one, the platform's otherwise. One rule for the catalogue, customers,
 * payment methods, subscriptions and invoices, so an object is always looked for where it was made.
 *
 * `stripeAccountOptions(row)` takes the operator's `billing_accounts` row (or null/undefined when it
 * has none) and answers the SDK request options to spread into every call:
 *   stripe.customers.create(params, { ...stripeAccountOptions(account), idempotencyKey })
 */

/** The part of a `billing_accounts` row the rule reads. */
export interface ConnectedAccountRef {
  stripeAccountId: string | null;
}

/** `{ stripeAccount }` for an operator with a connected account; `{}` (the platform) otherwise. */
export function stripeAccountOptions(account: ConnectedAccountRef | null | undefined): { stripeAccount?: string } {
  const id = account?.stripeAccountId;
  return id ? { stripeAccount: id } : {};
}
