/**
 * @module Stripe's events for QR payments (issue 18 part 4): a PaymentIntent carrying our
 * `qr_payment_token` metadata. Stored first and applied once like every Stripe event
 * (routes/stripe/webhooks): `amount_capturable_updated` (the hold is confirmed) authorizes the
 * payment and the remote start follows after the answer; `payment_failed` (card declined) ends it;
 * `canceled` of an unfinished card step ends it. `succeeded` and our own cancels change nothing here.
 */
import type { Stripe } from '@api/lib/stripe';
import { markApplied, markEvent, recordEvent } from '@api/routes/stripe/webhooks/webhooks.store';
import type { BillingEvent } from '@domain/billing/apply-event';
import { advance, applyIntent, type Deps } from './pay.flow';
import { paymentById, paymentByIntent } from './pay.store';

const HANDLED = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

export function isQrPaymentEvent(event: BillingEvent): boolean {
  if (!event.type.startsWith('payment_intent.')) return false;
  const intent = event.data.object as Partial<Stripe.PaymentIntent>;
  return typeof intent.metadata?.qr_payment_token === 'string';
}

export async function receiveQrPaymentEvent(
  deps: Deps,
  event: BillingEvent,
  payloadJson: string,
  later: (work: Promise<unknown>) => void,
): Promise<'applied' | 'ignored' | 'duplicate' | 'failed'> {
  const intent = event.data.object as Stripe.PaymentIntent;
  const { apply } = await recordEvent(deps.db, {
    id: event.id,
    type: event.type,
    account: event.account ?? null,
    objectId: intent.id,
    created: event.created,
    payloadJson,
  });
  if (!apply) return 'duplicate';
  try {
    const p = await paymentByIntent(deps.db, intent.id);
    if (!p || !HANDLED.has(event.type)) {
      await markEvent(deps.db, event.id, 'ignored', {
        reason: p ? 'nothing to do for this event' : 'QR payment unknown to us',
      });
      return 'ignored';
    }
    const moved = await applyIntent(deps, p, intent);
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
