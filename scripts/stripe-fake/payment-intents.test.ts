/**
 * PaymentIntents on the local Stripe server through the real SDK: manual capture (hold → capture at
 * most the amount capturable → the rest released), cancel, a declined card, the events, and every
 * answer in the document's `payment_intent` shape; and Checkout in payment mode with a manual-capture
 * intent (the QR payment's card step): the intent made on the Checkout page from `payment_intent_data`,
 * held when the card works, a declined card leaving the session open, an expired session cancelling it.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from './server';
import { refusal, schemaErrors, startWithClient, submitDevForm, webhookListener } from './test-support';

let fake: StripeFake;
let stripe: Stripe;
let hooks: Awaited<ReturnType<typeof webhookListener>>;

beforeAll(async () => {
  hooks = await webhookListener();
  ({ fake, stripe } = await startWithClient(hooks.url));
});
afterAll(async () => {
  await fake.close();
  await hooks.close();
});

const hold = (amount = 5000) =>
  stripe.paymentIntents.create(
    {
      amount,
      currency: 'eur',
      capture_method: 'manual',
      payment_method_types: ['card'],
      metadata: { qr_payment: '1' },
    },
    { idempotencyKey: `qr:${amount}:${Math.random()}` },
  );

/** The types of the events delivered for the given objects, in order. */
async function eventsOf(...ids: string[]): Promise<string[]> {
  await fake.settled();
  return hooks.received
    .map((r) => JSON.parse(r.body) as { type: string; data: { object: { id: string } } })
    .filter((e) => ids.includes(e.data.object.id))
    .map((e) => e.type);
}

const held = (amount = 2500, capture: 'manual' | 'automatic' = 'manual') =>
  stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name: 'Charging' } } },
    ],
    payment_intent_data: { capture_method: capture, metadata: { qr_payment_token: 'tok1' }, description: 'QR' },
    metadata: { qr_payment_token: 'tok1' },
    success_url: 'http://127.0.0.1:1/pay/status?token=tok1',
    cancel_url: 'http://127.0.0.1:1/pay/status?token=tok1&cancelled=1',
  });

const choose = (session: Stripe.Checkout.Session, choice: string) =>
  submitDevForm(`${fake.url}/dev/checkout/${session.id}`, { choice });

describe('manual capture', () => {
  it('holds on confirm, captures less than the hold, and reports each step', async () => {
    const intent = await hold();
    expect(intent).toMatchObject({ status: 'requires_payment_method', capture_method: 'manual', amount: 5000 });
    expect(schemaErrors('payment_intent', intent)).toEqual([]);
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const held = await stripe.paymentIntents.retrieve(intent.id);
    expect(held).toMatchObject({ status: 'requires_capture', amount_capturable: 5000, amount_received: 0 });

    const tooMuch = await refusal(stripe.paymentIntents.capture(intent.id, { amount_to_capture: 5001 }));
    expect(tooMuch).toMatchObject({ status: 400, param: 'amount_to_capture' });
    const captured = await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 1234 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 1234, amount_capturable: 0 });
    expect(schemaErrors('payment_intent', captured)).toEqual([]);
    const again = await refusal(stripe.paymentIntents.capture(intent.id));
    expect(again).toMatchObject({ status: 400, code: 'payment_intent_unexpected_state' });
    expect(await eventsOf(intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
    ]);
  });

  it('cancel releases the hold; a captured intent cannot be canceled', async () => {
    const intent = await hold(3000);
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', amount_capturable: 0, cancellation_reason: 'abandoned' });
    expect(await refusal(stripe.paymentIntents.capture(intent.id))).toMatchObject({ status: 400 });
    expect(await eventsOf(intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.amount_capturable_updated',
      'payment_intent.canceled',
    ]);
    const paid = await hold(100);
    await stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
    await stripe.paymentIntents.capture(paid.id);
    expect(await refusal(stripe.paymentIntents.cancel(paid.id))).toMatchObject({
      status: 400,
      code: 'payment_intent_unexpected_state',
    });
  });

  it('a declined card leaves it waiting for a card and reports payment_failed', async () => {
    const intent = await hold();
    await refusal(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }));
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ code: 'card_declined' });
    expect(await eventsOf(intent.id)).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);
  });
});

describe('validation and other paths', () => {
  it('an API confirm with a declining test card answers 402 card_declined', async () => {
    const intent = await hold();
    expect(
      await refusal(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })),
    ).toMatchObject({
      status: 402,
      type: 'StripeCardError',
      code: 'card_declined',
    });
  });

  it('automatic capture with confirm=true charges at once', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'eur',
      confirm: true,
      payment_method: 'pm_card_visa',
      payment_method_types: ['card'],
    });
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 700 });
  });

  it('refuses what the document refuses, and an unknown intent with Stripe’s 404', async () => {
    const bad = {
      amount: 100,
      currency: 'eur',
      capture_method: 'later',
    } as unknown as Stripe.PaymentIntentCreateParams;
    expect(await refusal(stripe.paymentIntents.create(bad))).toMatchObject({ status: 400, param: 'capture_method' });
    expect(await refusal(stripe.paymentIntents.retrieve('pi_missing'))).toMatchObject({
      status: 404,
      code: 'resource_missing',
    });
  });

  it('honours the idempotency key: the same create returns the same intent', async () => {
    const params = { amount: 900, currency: 'eur', capture_method: 'manual' as const };
    const a = await stripe.paymentIntents.create(params, { idempotencyKey: 'qr-payment:create:77' });
    const b = await stripe.paymentIntents.create(params, { idempotencyKey: 'qr-payment:create:77' });
    expect(b.id).toBe(a.id);
  });
});

describe('Checkout in payment mode with manual capture', () => {
  it('has no intent before the page; paying holds the amount on a manual-capture intent', async () => {
    const session = await held();
    expect(session).toMatchObject({ mode: 'payment', status: 'open', payment_intent: null, amount_total: 2500 });
    expect(schemaErrors('checkout.session', session)).toEqual([]);
    expect(await choose(session, 'pay')).toBe('http://127.0.0.1:1/pay/status?token=tok1');
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(schemaErrors('checkout.session', done)).toEqual([]);
    const intent = await stripe.paymentIntents.retrieve(String(done.payment_intent));
    expect(intent).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      amount: 2500,
      amount_capturable: 2500,
      currency: 'eur',
      metadata: { qr_payment_token: 'tok1' },
      description: 'QR',
    });
    expect(schemaErrors('payment_intent', intent)).toEqual([]);
    expect(await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 600 })).toMatchObject({
      status: 'succeeded',
      amount_received: 600,
    });
    expect(await eventsOf(session.id, intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.amount_capturable_updated',
      'checkout.session.completed',
      'payment_intent.succeeded',
    ]);
  });

  it('a declined card reports payment_failed and leaves the session open; another card then holds', async () => {
    const session = await held();
    expect(await choose(session, 'failed')).toBe('200');
    const open = await stripe.checkout.sessions.retrieve(session.id);
    expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const intentId = String(open.payment_intent);
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    await choose(session, 'pay');
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBe(intentId);
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('requires_capture');
    expect(await eventsOf(session.id, intentId)).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.amount_capturable_updated',
      'checkout.session.completed',
    ]);
  });

  it('an expired session cancels its unfinished intent, once, and can be paid no more', async () => {
    const session = await held();
    await choose(session, 'failed');
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired' });
    const intentId = String(expired.payment_intent);
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: 'canceled' });
    expect(await refusal(stripe.checkout.sessions.expire(session.id))).toMatchObject({ status: 400 });
    expect(await choose(session, 'pay')).toBe('400');
    expect(await eventsOf(session.id, intentId)).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.canceled',
      'checkout.session.expired',
    ]);
  });

  it('automatic capture charges at once and completes the session paid', async () => {
    const session = await held(900, 'automatic');
    await choose(session, 'pay');
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await stripe.paymentIntents.retrieve(String(done.payment_intent))).toMatchObject({
      status: 'succeeded',
      amount_received: 900,
    });
  });

  it('refuses payment_intent_data outside payment mode and a capture method the document does not know', async () => {
    const setup = stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'eur',
      payment_method_types: ['card'],
      payment_intent_data: { capture_method: 'manual' },
      success_url: 'http://127.0.0.1:1/x',
    } as Stripe.Checkout.SessionCreateParams);
    expect(await refusal(setup)).toMatchObject({ status: 400, param: 'payment_intent_data' });
    const bad = stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } } }],
      payment_intent_data: { capture_method: 'later' },
      success_url: 'http://127.0.0.1:1/x',
    } as unknown as Stripe.Checkout.SessionCreateParams);
    expect(await refusal(bad)).toMatchObject({ status: 400 });
  });
});
