/**
 * PaymentIntents: create (automatic or manual capture, optionally confirmed at once with a payment
 * method), retrieve, update, list, confirm, capture (`amount_to_capture` ≤ `amount_capturable`) and
 * cancel, with Stripe's events (`payment_intent.created`, `.amount_capturable_updated`, `.succeeded`,
 * `.payment_failed`, `.canceled`). The card outcome comes from the Checkout page of the session that
 * made the intent (checkout-payment.ts) or, for an API confirm, from the payment method: Stripe's test
 * tokens whose name says declined (`pm_card_chargeDeclined`, `pm_card_visa_chargeDeclined`) decline,
 * any other token or stored payment method pays.
 */
import { assign, type Ctx, emit, type Handler, inRange, list, mustGet, StripeError } from './context';
import { newId, now, type StripeObject } from './store';

export type CardOutcome = 'ok' | 'declined';

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation'];
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

const intentOf = (ctx: Ctx) => mustGet(ctx, 'payment_intent', ctx.params.intent ?? '', 'intent');

function outcomeOfMethod(ctx: Ctx, paymentMethod: string): CardOutcome {
  if (paymentMethod.startsWith('pm_card_')) return /declined/i.test(paymentMethod) ? 'declined' : 'ok';
  mustGet(ctx, 'payment_method', paymentMethod, 'payment_method');
  return 'ok';
}

function createIntent(ctx: Ctx): StripeObject {
  const intent = newPaymentIntent(ctx, ctx.input);
  if (ctx.input.confirm === true) confirm(ctx, intent, ctx.input.payment_method as string | undefined);
  return intent;
}

/** A new intent from create's parameters (the API's, or a Checkout session's `payment_intent_data`). */
export function newPaymentIntent(ctx: Ctx, input: Ctx['input']): StripeObject {
  if (input.customer) mustGet(ctx, 'customer', input.customer as string, 'customer');
  const amount = input.amount as number;
  if (amount < 1) throw new StripeError(400, 'This value must be greater than or equal to 1.', 'amount');
  const id = newId('pi');
  const intent = ctx.store.create(ctx.account, 'payment_intent', 'pi', {
    id,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    capture_method: input.capture_method ?? 'automatic_async',
    confirmation_method: input.confirmation_method ?? 'automatic',
    currency: String(input.currency).toLowerCase(),
    customer: input.customer ?? null,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    payment_method: input.payment_method ?? null,
    payment_method_types: (input.payment_method_types as string[] | undefined) ?? ['card'],
    receipt_email: input.receipt_email ?? null,
    client_secret: `${id}_secret_${newId('').slice(1, 25)}`,
    status: input.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    last_payment_error: null,
    canceled_at: null,
    cancellation_reason: null,
    latest_charge: null,
    next_action: null,
  });
  emit(ctx, 'payment_intent.created', intent);
  return intent;
}

/** Confirms with a payment method (the API) or the dev page's outcome. */
function confirm(ctx: Ctx, intent: StripeObject, paymentMethod?: string, pageOutcome?: CardOutcome): void {
  if (!CONFIRMABLE.includes(intent.status as string))
    throw new StripeError(
      400,
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  const method = paymentMethod ?? (intent.payment_method as string | null) ?? undefined;
  if (!method && !pageOutcome)
    throw new StripeError(
      400,
      "You cannot confirm this PaymentIntent because it's missing a payment method.",
      'payment_method',
      'payment_intent_unexpected_state',
    );
  settleCard(ctx, intent, pageOutcome ?? outcomeOfMethod(ctx, method ?? ''), method ?? newId('pm'));
  if (intent.status === 'requires_payment_method')
    throw new StripeError(402, 'Your card was declined.', undefined, 'card_declined', 'card_error');
}

/** The card's answer: a decline leaves the intent waiting for another card; a success holds or charges. */
export function settleCard(ctx: Ctx, intent: StripeObject, outcome: CardOutcome, paymentMethod: string): void {
  if (!CONFIRMABLE.includes(intent.status as string))
    throw new StripeError(400, `This PaymentIntent is ${intent.status}.`);
  intent.payment_method = paymentMethod;
  if (outcome === 'declined') {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    };
    emit(ctx, 'payment_intent.payment_failed', intent);
    return;
  }
  intent.last_payment_error = null;
  if (intent.capture_method === 'manual') {
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
    emit(ctx, 'payment_intent.amount_capturable_updated', intent);
    return;
  }
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  emit(ctx, 'payment_intent.succeeded', intent);
}

function capture(ctx: Ctx): StripeObject {
  const intent = intentOf(ctx);
  if (intent.status !== 'requires_capture')
    throw new StripeError(
      400,
      `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  const capturable = intent.amount_capturable as number;
  const amount = (ctx.input.amount_to_capture as number | undefined) ?? capturable;
  if (amount > capturable || amount < 1)
    throw new StripeError(
      400,
      `The amount_to_capture (${amount}) must be between 1 and the amount capturable (${capturable}).`,
      'amount_to_capture',
      'amount_too_large',
    );
  assign(intent, ctx.input, ['metadata']);
  intent.amount_received = amount;
  intent.amount_capturable = 0;
  intent.status = 'succeeded';
  emit(ctx, 'payment_intent.succeeded', intent);
  return intent;
}

/** Cancels the intent (the API's cancel, or its Checkout session expiring) with Stripe's event. */
export function cancelPaymentIntent(ctx: Ctx, intent: StripeObject, reason: unknown): StripeObject {
  if (!CANCELABLE.includes(intent.status as string))
    throw new StripeError(
      400,
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  intent.status = 'canceled';
  intent.amount_capturable = 0;
  intent.canceled_at = now();
  intent.cancellation_reason = reason ?? null;
  emit(ctx, 'payment_intent.canceled', intent);
  return intent;
}

export const isCancelable = (intent: StripeObject) => CANCELABLE.includes(intent.status as string);

export const paymentIntentHandlers: Record<string, Handler> = {
  'POST /v1/payment_intents': createIntent,
  'GET /v1/payment_intents': (ctx) =>
    list(
      ctx,
      ctx.store.all(
        ctx.account,
        'payment_intent',
        (p) =>
          (!ctx.input.customer || p.customer === ctx.input.customer) && inRange(p.created as number, ctx.input.created),
      ),
    ),
  'GET /v1/payment_intents/{intent}': intentOf,
  'POST /v1/payment_intents/{intent}': (ctx) => {
    const intent = intentOf(ctx);
    if (!CONFIRMABLE.includes(intent.status as string) && ('amount' in ctx.input || 'currency' in ctx.input))
      throw new StripeError(
        400,
        `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
      );
    assign(intent, ctx.input, ['amount', 'currency', 'description', 'metadata', 'receipt_email', 'payment_method']);
    return intent;
  },
  'POST /v1/payment_intents/{intent}/confirm': (ctx) => {
    const intent = intentOf(ctx);
    confirm(ctx, intent, ctx.input.payment_method as string | undefined);
    return intent;
  },
  'POST /v1/payment_intents/{intent}/capture': capture,
  'POST /v1/payment_intents/{intent}/cancel': (ctx) =>
    cancelPaymentIntent(ctx, intentOf(ctx), ctx.input.cancellation_reason),
};
