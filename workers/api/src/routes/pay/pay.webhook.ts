/**
 * @module Stripe's events for QR payments (issue 18 part 4): the card step's Checkout Session and the
 * PaymentIntent it makes, both carrying our `qr_payment_token` metadata. Stored first and applied once
 * like every Stripe event (routes/stripe/webhooks): `payment_intent.amount_capturable_updated` (the hold
 * is confirmed) authorizes the payment and the remote start follows after the answer;
 * `payment_intent.payment_failed` (card declined) ends it and expires the session;
 * `payment_intent.canceled` and `checkout.session.expired` end an unfinished card step.
 * `checkout.session.completed` (its intent's event says it all), `succeeded` and our own cancels change
 * nothing here.
 */
import type { Stripe } from '@api/lib/stripe';
import { markApplied, markEvent, recordEvent } from '@api/routes/stripe/webhooks/webhooks.store';
import type { BillingEvent } from '@domain/billing/apply-event';
import { advance, applyCheckoutExpired, applyIntent, type Deps } from './pay.flow';
import { paymentById, paymentByToken } from './pay.store';

const HANDLED = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'checkout.session.expired',
]);

type QrObject = { id: string; metadata?: Record<string, string> | null };
const tokenOf = (event: BillingEvent) => (event.data.object as QrObject).metadata?.qr_payment_token;

export function isQrPaymentEvent(event: BillingEvent): boolean {
  if (!event.type.startsWith('payment_intent.') && !event.type.startsWith('checkout.session.')) return false;
  return typeof tokenOf(event) === 'string';
}

export async function receiveQrPaymentEvent(
  deps: Deps,
  event: BillingEvent,
  payloadJson: string,
  later: (work: Promise<unknown>) => void,
): Promise<'applied' | 'ignored' | 'duplicate' | 'failed'> {
  const object = event.data.object as QrObject;
  const { apply } = await recordEvent(deps.db, {
    id: event.id,
    type: event.type,
    account: event.account ?? null,
    objectId: object.id,
    created: event.created,
    payloadJson,
  });
  if (!apply) return 'duplicate';
  try {
    const p = await paymentByToken(deps.db, tokenOf(event) ?? '');
    if (!p || !HANDLED.has(event.type)) {
      await markEvent(deps.db, event.id, 'ignored', {
        reason: p ? 'nothing to do for this event' : 'QR payment unknown to us',
      });
      return 'ignored';
    }
    const moved =
      event.type === 'checkout.session.expired'
        ? await applyCheckoutExpired(deps, p, object as Stripe.Checkout.Session)
        : await applyIntent(deps, p, object as Stripe.PaymentIntent);
    if (!moved) {
      await markEvent(deps.db, event.id, 'ignored', { reason: `QR payment already ${p.status}` });
      return 'ignored';
    }
    await markApplied(deps.db, event.id);
    // The remote start waits for the charger's answer (up to the command timeout): after the reply.
    later(paymentById(deps.db, p.id).then((next) => (next?.status === 'authorized' ? advance(deps, next) : next)));
    return 'applied';
  } catch (err) {
    await markEvent(deps.db, event.id, 'failed', {
      error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    });
    return 'failed';
  }
}
