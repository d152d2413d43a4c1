/**
 * Checkout in payment mode with a manual-capture PaymentIntent (the QR payment's card step) on the
 * local Stripe server through the real SDK: the intent is made on the Checkout page from
 * `payment_intent_data`, held when the card works (capturable, captured later at most the hold), a
 * declined card leaves the session open and reports `payment_intent.payment_failed`, an expired
 * session cancels its intent; every answer in the document's shape and the events Stripe sends.
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

/** The types of the events delivered for the given objects, in order. */
async function eventsOf(...ids: string[]): Promise<string[]> {
  await fake.settled();
  return hooks.received
    .map((r) => JSON.parse(r.body) as { type: string; data: { object: { id: string } } })
    .filter((e) => ids.includes(e.data.object.id))
    .map((e) => e.type);
}

const choose = (session: Stripe.Checkout.Session, choice: string) =>
  submitDevForm(`${fake.url}/dev/checkout/${session.id}`, { choice });

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
