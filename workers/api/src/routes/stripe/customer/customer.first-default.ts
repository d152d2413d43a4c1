/**
 * @module The first payment method a customer gets becomes its default (Stripe's
 * `invoice_settings.default_payment_method`: what its subscriptions and invoices are charged to),
 * whichever path learns of the setup first: the screen's return from Checkout, or Stripe's webhook
 * when the user never comes back (a closed tab). Both send the same idempotency key to Stripe, and our
 * row changes (and is audited) only while it has no default, so both running change it once.
 */
import type { AuditEntry } from '@api/lib/audit.store';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import type { Db } from '@db/db';
import { becomesDefault, type SetupResult } from '@domain/billing/payment-methods';
import { setFirstDefaultPaymentMethod } from './customer.payment-methods.store';

/** The part of a `billing_customers` row the rule reads. */
export interface DefaultTarget {
  id: number;
  stripeCustomerId: string | null;
  defaultPaymentMethodId: string | null;
}

/**
 * Makes `attached` the customer's default at Stripe, then in our row, when `becomesDefault` says so;
 * answers the customer's default afterwards. Stripe's errors are the caller's to map.
 */
export async function makeFirstDefault(
  db: Db,
  stripe: Stripe,
  options: { stripeAccount?: string },
  customer: DefaultTarget,
  setup: { result: SetupResult | 'pending'; attached: string | null },
  audit: (attached: string) => AuditEntry,
): Promise<string | null> {
  const { result, attached } = setup;
  if (!customer.stripeCustomerId || !becomesDefault(result, attached, customer.defaultPaymentMethodId))
    return customer.defaultPaymentMethodId;
  await stripe.customers.update(
    customer.stripeCustomerId,
    { invoice_settings: { default_payment_method: attached } },
    { ...options, idempotencyKey: idempotencyKey('customer', 'first-default', customer.id, attached) },
  );
  await setFirstDefaultPaymentMethod(db, customer.id, attached, audit(attached));
  return attached;
}
