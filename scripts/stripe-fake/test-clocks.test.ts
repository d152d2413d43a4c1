/**
 * Test clocks on the local Stripe server through the real SDK: later periods invoiced and charged,
 * a trial's end, `cancel_at_period_end`, a declining card retried on the fixed schedule (billing.ts),
 * the events a listener receives, and the refusals of the clock endpoints.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingHarness } from './billing-harness';
import { refusal, schemaErrors, submitDevForm } from './test-support';

const { h, typesFor, receivedEvents, customerWithMethod, monthlyPrice } = billingHarness();
const DAY = 86400;
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;

async function clockAt(frozen: number) {
  return h.stripe.testHelpers.testClocks.create({ frozen_time: frozen, name: 'billing' });
}

/** Advances and waits until the clock is ready, as a client of Stripe does. */
async function advance(clock: string, to: number) {
  const answer = await h.stripe.testHelpers.testClocks.advance(clock, { frozen_time: to });
  expect(answer.status).toBe('advancing');
  const ready = await h.stripe.testHelpers.testClocks.retrieve(clock);
  expect(ready).toMatchObject({ status: 'ready', frozen_time: to });
  return ready;
}

const invoicesOf = async (sub: string) =>
  (await h.stripe.invoices.list({ subscription: sub, limit: 100 })).data.sort((a, b) => a.created - b.created);

describe('test clocks', () => {
  it('a monthly subscription advanced two months: two more invoices, each paid, periods from the anchor', async () => {
    const start = utc(2026, 1, 31);
    const clock = await clockAt(start);
    expect(schemaErrors('test_helpers.test_clock', clock)).toEqual([]);
    const { customer } = await customerWithMethod('success', 'card', { test_clock: clock.id });
    expect(customer).toMatchObject({ test_clock: clock.id, created: start });
    const price = await monthlyPrice(2500);
    const sub = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(sub).toMatchObject({ status: 'active', start_date: start, test_clock: clock.id });

    await advance(clock.id, utc(2026, 3, 31));
    const after = await h.stripe.subscriptions.retrieve(sub.id);
    expect(after.items.data[0]).toMatchObject({
      current_period_start: utc(2026, 3, 31),
      current_period_end: utc(2026, 4, 30),
    });
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((i) => [i.billing_reason, i.status, i.amount_paid, i.period_start, i.period_end])).toEqual([
      ['subscription_create', 'paid', 2500, start, start],
      ['subscription_cycle', 'paid', 2500, start, utc(2026, 2, 28)],
      ['subscription_cycle', 'paid', 2500, utc(2026, 2, 28), utc(2026, 3, 31)],
    ]);
    expect(invoices[2]?.lines.data[0]?.period).toEqual({ start: utc(2026, 3, 31), end: utc(2026, 4, 30) });
    expect(invoices[2]?.status_transitions.paid_at).toBe(utc(2026, 3, 31));
    expect(schemaErrors('invoice', invoices[2])).toEqual([]);
    expect(after.latest_invoice).toBe(invoices[2]?.id);
    expect(await typesFor(invoices[1]?.id ?? '')).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);
    expect(await typesFor(sub.id)).toEqual([
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.updated',
    ]);
    expect(await typesFor(clock.id)).toEqual([
      'test_helpers.test_clock.created',
      'test_helpers.test_clock.advancing',
      'test_helpers.test_clock.ready',
    ]);
  });

  it("a trial's end starts billing; send_invoice renewals stay open until paid by transfer", async () => {
    const start = utc(2026, 5, 1);
    const clock = await clockAt(start);
    const { customer } = await customerWithMethod('success', 'card', { test_clock: clock.id });
    const price = await monthlyPrice(900);
    const trial = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 14,
    });
    expect(trial).toMatchObject({ status: 'trialing', trial_end: start + 14 * DAY });
    const transfer = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      collection_method: 'send_invoice',
      days_until_due: 10,
    });
    await advance(clock.id, start + 15 * DAY);
    expect(await h.stripe.subscriptions.retrieve(trial.id)).toMatchObject({
      status: 'active',
      items: { data: [{ current_period_start: start + 14 * DAY, current_period_end: utc(2026, 6, 15) }] },
    });
    const [, billed] = await invoicesOf(trial.id);
    expect(billed).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 900 });
    const events = (await receivedEvents()).filter((e) => (e.data.object as { id: string }).id === trial.id);
    expect(events.at(-1)?.data.previous_attributes).toMatchObject({ status: 'trialing' });

    await advance(clock.id, utc(2026, 6, 2));
    const [, open] = await invoicesOf(transfer.id);
    expect(open).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'open',
      amount_remaining: 900,
      due_date: utc(2026, 6, 1) + 10 * DAY,
      next_payment_attempt: null,
    });
    expect((await h.stripe.subscriptions.retrieve(transfer.id)).status).toBe('active');
  });

  it('cancel_at_period_end cancels at the end of the period, with no further invoice', async () => {
    const start = utc(2026, 7, 10);
    const clock = await clockAt(start);
    const { customer } = await customerWithMethod('success', 'card', { test_clock: clock.id });
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice(700)).id }],
    });
    await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await advance(clock.id, utc(2026, 8, 9));
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    await advance(clock.id, utc(2026, 8, 20));
    expect(await h.stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      status: 'canceled',
      ended_at: utc(2026, 8, 10),
      canceled_at: utc(2026, 8, 10),
    });
    expect(await invoicesOf(sub.id)).toHaveLength(1);
    expect((await typesFor(sub.id)).at(-1)).toBe('customer.subscription.deleted');
  });

  it('a declining card: the renewal fails, is retried every 3 days, and is paid once a working card is the default', async () => {
    const start = utc(2026, 9, 1);
    const clock = await clockAt(start);
    const { customer, pm: good } = await customerWithMethod('success', 'card', { test_clock: clock.id });
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice(4000)).id }],
    });
    const intent = await h.stripe.setupIntents.create({ customer: customer.id, payment_method_types: ['card'] });
    await submitDevForm(`${h.fake.url}/dev/setup/${intent.id}`, {
      choice: 'declines',
      return_url: 'http://127.0.0.1/r',
    });
    const bad = (await h.stripe.setupIntents.retrieve(intent.id)).payment_method as string;
    expect((await h.stripe.paymentMethods.retrieve(bad)).card?.last4).toBe('0341');
    await h.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: bad } });

    await advance(clock.id, utc(2026, 10, 1));
    const renewal = (await invoicesOf(sub.id))[1] as Stripe.Invoice;
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: utc(2026, 10, 4) });
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    await advance(clock.id, utc(2026, 10, 5));
    expect(await h.stripe.invoices.retrieve(renewal.id)).toMatchObject({
      status: 'open',
      attempt_count: 2,
      next_payment_attempt: utc(2026, 10, 7),
    });
    expect(await typesFor(renewal.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'invoice.payment_failed',
    ]);

    await h.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: good } });
    await advance(clock.id, utc(2026, 10, 8));
    expect(await h.stripe.invoices.retrieve(renewal.id)).toMatchObject({
      status: 'paid',
      attempt_count: 3,
      next_payment_attempt: null,
    });
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('after the fourth failed attempt the retries stop and the subscription is canceled', async () => {
    const start = utc(2026, 11, 1);
    const clock = await clockAt(start);
    const { customer } = await customerWithMethod('declines', 'card', { test_clock: clock.id });
    const price = await monthlyPrice(100);
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 1,
    });
    await advance(clock.id, start + 12 * DAY);
    const [, renewal] = await invoicesOf(sub.id);
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
    expect(await h.stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      status: 'canceled',
      ended_at: start + DAY + 9 * DAY,
      cancellation_details: { reason: 'payment_failed' },
    });
  });

  it('the dev page lists the clocks and advances one by a month (POST only)', async () => {
    const start = utc(2026, 4, 15);
    const clock = await clockAt(start);
    const { customer } = await customerWithMethod('success', 'card', { test_clock: clock.id, name: 'Dev Fleet' });
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice(300)).id }],
    });
    const listed = await (await fetch(`${h.fake.url}/dev/clocks`)).text();
    expect(listed).toContain(clock.id);
    expect(listed).toContain('Dev Fleet');
    expect(listed).toContain(`action="/dev/clocks/${clock.id}/advance"`);
    expect((await fetch(`${h.fake.url}/dev/clocks/${clock.id}/advance`)).status).toBe(404);
    expect(await submitDevForm(`${h.fake.url}/dev/clocks/${clock.id}/advance`, { by: 'month' })).toBe('/dev/clocks');
    expect((await h.stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(utc(2026, 5, 15));
    expect((await invoicesOf(sub.id)).map((i) => i.status)).toEqual(['paid', 'paid']);
  });

  it('refuses going back, going too far, an unknown clock; deleting a clock deletes its customers', async () => {
    const clock = await clockAt(utc(2026, 3, 1));
    const { customer } = await customerWithMethod('success', 'card', { test_clock: clock.id });
    await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: (await monthlyPrice(100)).id }] });
    expect(
      await refusal(h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: utc(2026, 2, 1) })),
    ).toMatchObject({ status: 400, param: 'frozen_time' });
    expect(
      await refusal(h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: utc(2026, 5, 2) })),
    ).toMatchObject({ status: 400, param: 'frozen_time' });
    expect(await refusal(h.stripe.customers.create({ test_clock: 'clock_nope' }))).toMatchObject({
      status: 404,
      param: 'test_clock',
    });
    expect((await h.stripe.testHelpers.testClocks.list({ limit: 100 })).data.map((c) => c.id)).toContain(clock.id);
    expect(await h.stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ id: clock.id, deleted: true });
    expect(await refusal(h.stripe.customers.retrieve(customer.id))).toMatchObject({ status: 404 });
  });
});
