/**
 * @module The Stripe side of a subscription, shared by the subscriptions API and the fleet
 * subscription contracts: the create call built from our row (idempotency key from the row id, the
 * operator's account) and the columns a Stripe answer sets on our row.
 */

import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import type { billingSubscriptions } from '@db/schema';
import { stripeAccountOptions } from '@domain/billing/stripe-account';
import { activationAt, anchorParams, type BillingAnchor, collectionFor } from '@domain/billing/subscriptions';

export interface StripeCreate {
  /** Our row's id: the idempotency key and the metadata Stripe keeps. */
  rowId: number;
  stripeCustomerId: string;
  defaultPaymentMethodId: string | null;
  stripePriceId: string;
  quantity: number;
  stripeCouponId?: string | null;
  stripeTaxRateId?: string | null;
  trialEnd?: Date | null;
  anchor?: BillingAnchor | null;
  cancelAtPeriodEnd?: boolean;
  /** The operator's Connect account row, or null (the platform). */
  account: { stripeAccountId: string | null; collectionMethod: 'charge_automatically' | 'send_invoice' } | null;
  metadata?: Record<string, string>;
}

/** Creates the subscription at Stripe; a retry of the same row returns the first one. */
export function createAtStripe(stripe: Stripe, p: StripeCreate): Promise<Stripe.Subscription> {
  const params: Stripe.SubscriptionCreateParams = {
    customer: p.stripeCustomerId,
    items: [
      {
        price: p.stripePriceId,
        quantity: p.quantity,
        ...(p.stripeTaxRateId ? { tax_rates: [p.stripeTaxRateId] } : {}),
      },
    ],
    ...collectionFor(p.account?.collectionMethod, p.defaultPaymentMethodId),
    ...(p.stripeCouponId ? { discounts: [{ coupon: p.stripeCouponId }] } : {}),
    ...(p.trialEnd ? { trial_end: Math.floor(p.trialEnd.getTime() / 1000) } : {}),
    ...anchorParams(p.anchor, p.trialEnd, new Date()),
    ...(p.cancelAtPeriodEnd ? { cancel_at_period_end: true } : {}),
    metadata: { subscription_row: String(p.rowId), ...p.metadata },
  };
  return stripe.subscriptions.create(params, {
    ...stripeAccountOptions(p.account),
    idempotencyKey: idempotencyKey('subscription', 'create', p.rowId),
  });
}

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The columns Stripe's answer sets on our row: status, trial and period ends, cancellation, and the
 * activation instant, set once when Stripe first reports the subscription active or trialing.
 */
export function stripeChanges(
  s: Stripe.Subscription,
  current: { activatedAt: Date | null },
  now = new Date(),
): Partial<typeof billingSubscriptions.$inferInsert> {
  const item = s.items?.data?.[0];
  // API 2025-09-30: the period lives on the item; an older shape (and the local server) on the subscription.
  const periodEnd = item?.current_period_end ?? (s as unknown as { current_period_end?: number }).current_period_end;
  return {
    stripeSubscriptionId: s.id,
    status: s.status,
    trialEnd: at(s.trial_end),
    currentPeriodEnd: at(periodEnd),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    canceledAt: at(s.canceled_at),
    activatedAt: activationAt(current.activatedAt, s.status, now),
  };
}
