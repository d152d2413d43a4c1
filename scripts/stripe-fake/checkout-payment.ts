/**
 * Checkout in payment mode and its PaymentIntent, as Stripe does since API 2022-08-01: the session
 * keeps its `payment_intent_data` (capture method, metadata, description) unseen, and the intent is
 * made at the first attempt to pay on the Checkout page, then named by the session's `payment_intent`.
 * Pay holds (manual capture: `requires_capture`, `amount_capturable_updated`; the session completes
 * `unpaid`) or charges (automatic: `succeeded`; the session completes `paid`). A declined card records
 * the error on the intent (`payment_intent.payment_failed`) and leaves the session open for another
 * card, as Stripe's page does. An expired session cancels its unfinished intent (`payment_intent.canceled`).
 */
import { type Ctx, StripeError } from './context';
import {
  type CardOutcome,
  cancelPaymentIntent,
  isCancelable,
  newPaymentIntent,
  settleCard,
} from './resources-payment-intents';
import type { StripeObject } from './store';

interface IntentData {
  capture_method?: string;
  metadata?: Record<string, string>;
  description?: string;
}

const HIDDEN_KEY = 'payment_intent_data';

/** At creation: what the session's intent will be made with (refused outside payment mode, as at Stripe). */
export function keepIntentData(ctx: Ctx, sessionId: string, mode: string): void {
  const data = ctx.input.payment_intent_data as IntentData | undefined;
  if (!data) return;
  if (mode !== 'payment')
    throw new StripeError(
      400,
      'You can only specify `payment_intent_data` when the Checkout Session is in payment mode.',
      'payment_intent_data',
    );
  const capture = data.capture_method ?? 'automatic_async';
  if (!['automatic', 'automatic_async', 'manual'].includes(capture))
    throw new StripeError(400, `Invalid capture_method: ${capture}.`, 'payment_intent_data[capture_method]');
  ctx.store.hidden.set(sessionId, { [HIDDEN_KEY]: { ...data, capture_method: capture } });
}

/** The session's intent, made at the first attempt to pay. */
function intentOfSession(ctx: Ctx, session: StripeObject): StripeObject {
  const existing = session.payment_intent
    ? ctx.store.get(ctx.account, 'payment_intent', session.payment_intent as string)
    : undefined;
  if (existing) return existing;
  const data = (ctx.store.hidden.get(session.id)?.[HIDDEN_KEY] as IntentData | undefined) ?? {};
  const intent = newPaymentIntent(ctx, {
    amount: session.amount_total,
    currency: session.currency,
    customer: session.customer ?? undefined,
    capture_method: data.capture_method,
    metadata: data.metadata ?? {},
    description: data.description,
    payment_method_types: session.payment_method_types,
  } as Ctx['input']);
  session.payment_intent = intent.id;
  return intent;
}

/** One attempt to pay on the Checkout page; true when the session is now complete. */
export function payCheckout(ctx: Ctx, session: StripeObject, outcome: CardOutcome): boolean {
  const intent = intentOfSession(ctx, session);
  settleCard(ctx, intent, outcome, outcome === 'ok' ? 'pm_card_visa' : 'pm_card_chargeDeclined');
  if (outcome === 'declined') return false;
  session.status = 'complete';
  session.payment_status = intent.status === 'succeeded' ? 'paid' : 'unpaid';
  return true;
}

/** The session expired: its intent, if an attempt made one and it is unfinished, is cancelled. */
export function expireCheckoutIntent(ctx: Ctx, session: StripeObject): void {
  if (!session.payment_intent) return;
  const intent = ctx.store.get(ctx.account, 'payment_intent', session.payment_intent as string);
  if (intent && isCancelable(intent)) cancelPaymentIntent(ctx, intent, 'abandoned');
}
