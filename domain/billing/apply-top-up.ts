/**
 * @module What a Stripe event does to a wallet top-up (issue 18 part 2), for `decideEvent`: a Checkout
 * session (a top-up started on a screen) or a PaymentIntent (an off-session auto-recharge) whose
 * metadata names `wallet_top_up_id`. The effect itself is `decideTopUp` (domain/wallets/top-ups.ts):
 * credited once when paid, `paid` final, amounts checked against our row.
 */
import type Stripe from 'stripe';
import { decideTopUp, type TopUpReport } from '../wallets/top-ups';
import type { BillingEvent, EventDecision, EventFacts } from './event-types';

const CHECKOUT_EVENTS = new Set(
  ['completed', 'async_payment_succeeded', 'async_payment_failed', 'expired'].map((e) => `checkout.session.${e}`),
);
const INTENT_EVENTS = new Set(['succeeded', 'payment_failed', 'canceled'].map((e) => `payment_intent.${e}`));

/** The top-up an event names in its object's metadata, or null when it names none. */
export function topUpIdOf(event: BillingEvent): number | null {
  if (!CHECKOUT_EVENTS.has(event.type) && !INTENT_EVENTS.has(event.type)) return null;
  const o = event.data.object as { metadata?: Record<string, string> | null };
  const id = Number(o.metadata?.wallet_top_up_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What the event reports, or the reason it reports nothing yet (a delayed payment still under way). */
function reportOf(event: BillingEvent): TopUpReport | { wait: string } {
  const t = event.type;
  if (t.startsWith('checkout.session.')) {
    const s = event.data.object as Stripe.Checkout.Session;
    const base = { amount: s.amount_total ?? null, currency: s.currency ?? null, stripeObjectId: s.id };
    if (t === 'checkout.session.expired') return { ...base, status: 'expired' };
    if (t === 'checkout.session.async_payment_failed')
      return { ...base, status: 'failed', failure: 'The payment failed after checkout' };
    if (s.payment_status !== 'paid')
      return { wait: `Checkout completed with payment ${s.payment_status}: awaiting it` };
    return { ...base, status: 'paid' };
  }
  const pi = event.data.object as Stripe.PaymentIntent;
  const base = { currency: pi.currency ?? null, stripeObjectId: pi.id };
  if (t === 'payment_intent.succeeded') return { ...base, amount: pi.amount_received ?? pi.amount, status: 'paid' };
  const failure =
    t === 'payment_intent.canceled'
      ? 'The payment was cancelled'
      : (pi.last_payment_error?.message ?? 'The payment failed');
  return { ...base, amount: pi.amount, status: 'failed', failure };
}

/** The decision for an event that names a top-up (`topUpIdOf` not null), from the row the store read. */
export function decideTopUpEvent(event: BillingEvent, facts: EventFacts): EventDecision {
  const row = facts.topUp;
  // The payment must come from the account that holds the wallet company's customer (platform: none).
  if (!row || (event.account ?? null) !== row.stripeAccountId)
    return { outcome: 'ignored', reason: 'Wallet top-up unknown to us' };
  const report = reportOf(event);
  if ('wait' in report) return { outcome: 'ignored', reason: report.wait };
  const byIntent = event.type.startsWith('payment_intent.');
  const decision = decideTopUp(report, {
    ...row,
    stripeObjectId: byIntent ? row.stripePaymentIntentId : row.stripeCheckoutSessionId,
  });
  if (decision.outcome === 'stale') return decision;
  if (decision.outcome === 'failed') return { outcome: 'failed', reason: decision.reason, topUpId: row.id };
  const ids = byIntent
    ? { stripePaymentIntentId: report.stripeObjectId }
    : { stripeCheckoutSessionId: report.stripeObjectId };
  return {
    outcome: 'applied',
    write:
      decision.status === 'paid'
        ? { table: 'walletTopUp', topUpId: row.id, status: 'paid', failure: null, credit: decision.credit, ...ids }
        : { table: 'walletTopUp', topUpId: row.id, status: decision.status, failure: decision.failure, ...ids },
  };
}
