/**
 * Billing behaviour of the local Stripe server through the real SDK: subscriptions and their first
 * invoice, invoice totals, the three payment-method outcomes of the dev page, bank transfers, and
 * the signed webhooks a listener receives (verified with the SDK's `constructEventAsync`).
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from './server';
import { schemaErrors, startWithClient, submitDevForm, WEBHOOK_SECRET, webhookListener } from './test-support';

let fake: StripeFake;
let stripe: Stripe;
let listener: Awaited<ReturnType<typeof webhookListener>>;

beforeAll(async () => {
  listener = await webhookListener();
  ({ fake, stripe } = await startWithClient());
  // The URL set after start, as the e2e setup does once the product's port is known.
  await fetch(`${fake.url}/dev/config`, { method: 'POST', body: JSON.stringify({ webhook_url: listener.url }) });
});
afterAll(async () => {
  await fake.close();
  await listener.close();
});

/** Every event received so far, verified as the product's webhook route verifies it. */
async function receivedEvents(): Promise<Stripe.Event[]> {
  await fake.settled();
  return Promise.all(
    listener.received.map((r) => stripe.webhooks.constructEventAsync(r.body, r.signature, WEBHOOK_SECRET)),
  );
}

async function typesFor(id: string): Promise<string[]> {
  return (await receivedEvents()).filter((e) => (e.data.object as { id?: string }).id === id).map((e) => e.type);
}

async function customerWithMethod(choice: 'success' | 'processing', type: 'card' | 'bacs_debit' = 'card') {
  const customer = await stripe.customers.create({ email: `${choice}@example.test` });
  const intent = await stripe.setupIntents.create({ customer: customer.id, payment_method_types: [type] });
  const back = await submitDevForm(`${fake.url}/dev/setup/${intent.id}`, {
    choice,
    return_url: 'http://127.0.0.1:8787/billing/return',
  });
  const redirected = new URL(back);
  expect(redirected.searchParams.get('setup_intent')).toBe(intent.id);
  expect(redirected.searchParams.get('redirect_status')).toBe(choice === 'success' ? 'succeeded' : 'processing');
  const done = await stripe.setupIntents.retrieve(intent.id);
  const pm = done.payment_method as string;
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
  return { customer, intent: done, pm };
}

async function monthlyPrice(unitAmount: number) {
  const product = await stripe.products.create({ name: 'CPMS fee' });
  return stripe.prices.create({
    product: product.id,
    currency: 'eur',
    unit_amount: unitAmount,
    recurring: { interval: 'month' },
  });
}

async function monthlyOneTime() {
  const product = await stripe.products.create({ name: 'Keyfob' });
  return stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 300 });
}

describe('subscriptions', () => {
  it('with a working payment method: the first invoice is paid and the subscription active', async () => {
    const { customer, pm } = await customerWithMethod('success');
    const price = await monthlyPrice(2500);
    const rate = await stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: false });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
      default_tax_rates: [rate.id],
      expand: ['latest_invoice'],
    });
    expect(sub).toMatchObject({ id: expect.stringMatching(/^sub_/), status: 'active', customer: customer.id });
    expect(sub.items.data[0]).toMatchObject({
      id: expect.stringMatching(/^si_/),
      quantity: 2,
      price: { id: price.id },
    });
    expect(schemaErrors('subscription', sub)).toEqual([]);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      subtotal: 5000,
      tax: 1000,
      total: 6000,
      amount_paid: 6000,
      amount_remaining: 0,
      attempt_count: 1,
      next_payment_attempt: null,
    });
    expect(invoice.lines.data[0]).toMatchObject({
      id: expect.stringMatching(/^il_/),
      amount: 5000,
      type: 'subscription',
      subscription: sub.id,
    });
    expect(schemaErrors('invoice', invoice)).toEqual([]);
    expect(await typesFor(sub.id)).toEqual(['customer.subscription.created']);
    expect(await typesFor(invoice.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);
    expect(await typesFor(pm)).toEqual(['payment_method.attached']);

    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]?.id, quantity: 3 }],
      metadata: { plan: 'b' },
    });
    expect(updated.items.data[0]?.quantity).toBe(3);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([sub.id]);
    const canceled = await stripe.subscriptions.cancel(sub.id, { invoice_now: false, prorate: false });
    expect(canceled.status).toBe('canceled');
    expect(await typesFor(sub.id)).toEqual([
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });

  it('in a trial: status trialing and a zero invoice', async () => {
    const { customer } = await customerWithMethod('success');
    const price = await monthlyPrice(900);
    const trialEnd = Math.floor(Date.now() / 1000) + 14 * 86400;
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_end: trialEnd,
    });
    expect(sub).toMatchObject({ status: 'trialing', trial_end: trialEnd, current_period_end: trialEnd });
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ total: 0, status: 'paid', amount_due: 0 });
  });

  it('with an anchor: the first period is prorated up to it', async () => {
    const { customer } = await customerWithMethod('success');
    const price = await monthlyPrice(3000);
    const anchor = Math.floor(Date.now() / 1000) + 10 * 86400;
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      billing_cycle_anchor: anchor,
      expand: ['latest_invoice'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    // The document's field and the SDK's (clover) place for the period.
    expect((sub as unknown as { current_period_end: number }).current_period_end).toBe(anchor);
    expect(sub.items.data[0]?.current_period_end).toBe(anchor);
    expect(invoice.total).toBeGreaterThan(900);
    expect(invoice.total).toBeLessThan(1100);
    expect(invoice.lines.data[0]?.parent?.subscription_item_details?.proration).toBe(true);
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
  });

  it('with discounts and an end-of-month anchor config: discounted first invoice, prorated to the anchor', async () => {
    const { customer } = await customerWithMethod('success');
    const price = await monthlyPrice(10000);
    const coupon = await stripe.coupons.create({ percent_off: 25, duration: 'forever' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      discounts: [{ coupon: coupon.id }],
      billing_cycle_anchor_config: { day_of_month: 31, hour: 0, minute: 0, second: 0 },
      expand: ['latest_invoice'],
    });
    const anchor = new Date(sub.billing_cycle_anchor * 1000);
    const lastDay = new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() + 1, 0)).getUTCDate();
    expect([anchor.getUTCDate(), anchor.getUTCHours()]).toEqual([lastDay, 0]);
    expect(sub.discounts).toEqual([expect.stringMatching(/^di_/)]);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const line = invoice.lines.data[0]?.amount ?? 0;
    expect(invoice.total_discount_amounts).toEqual([{ amount: Math.round(line * 0.25), discount: sub.discounts[0] }]);
    expect(invoice).toMatchObject({ status: 'paid', total: line - Math.round(line * 0.25) });
    expect((await stripe.subscriptions.update(sub.id, { discounts: '' })).discounts).toEqual([]);
  });

  it('with a processing payment method: invoice open with a retry planned, paid once the dev page settles it', async () => {
    const { customer, intent } = await customerWithMethod('processing', 'bacs_debit');
    expect(intent.status).toBe('processing');
    const pm = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(pm).toMatchObject({ type: 'bacs_debit', bacs_debit: { last4: '2345', sort_code: '108800' } });
    const price = await monthlyPrice(1200);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(sub.status).toBe('incomplete');
    const open = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(open).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: expect.any(Number),
      amount_remaining: 1200,
    });

    const back = await submitDevForm(`${fake.url}/dev/setup/${intent.id}`, {
      choice: 'settle',
      return_url: 'http://127.0.0.1:8787/billing/return',
    });
    expect(new URL(back).searchParams.get('redirect_status')).toBe('succeeded');
    expect(await stripe.invoices.retrieve(open.id)).toMatchObject({
      status: 'paid',
      amount_paid: 1200,
      next_payment_attempt: null,
    });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    expect(await typesFor(intent.id)).toEqual(['setup_intent.succeeded']);
    expect(await typesFor(sub.id)).toEqual(['customer.subscription.created', 'customer.subscription.updated']);
  });

  it('refuses a one-time price or an unknown coupon and stores nothing', async () => {
    const customer = await stripe.customers.create({});
    const product = await stripe.products.create({ name: 'Keyfob' });
    const oneTime = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 500 });
    const monthly = await monthlyPrice(700);
    const refusedPrice = await stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: oneTime.id }] })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(refusedPrice).toMatchObject({ statusCode: 400, param: 'items[0][price]' });
    const refusedCoupon = await stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: monthly.id }], discounts: [{ coupon: 'nope' }] })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(refusedCoupon).toMatchObject({ statusCode: 404, param: 'discounts[0][coupon]' });
    // The API version the SDK speaks has no `coupon` on subscriptions any more (see clover-requests.ts).
    const params = {
      customer: customer.id,
      items: [{ price: monthly.id }],
      coupon: 'x',
    } as Stripe.SubscriptionCreateParams;
    const oldName = await stripe.subscriptions.create(params).catch((e: Stripe.errors.StripeError) => e);
    expect(oldName).toMatchObject({ statusCode: 400, message: 'Received unknown parameter: coupon' });
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toEqual([]);
  });

  it('a failed setup attaches nothing', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id, payment_method_types: ['card'] });
    const back = await submitDevForm(`${fake.url}/dev/setup/${intent.id}`, {
      choice: 'failed',
      return_url: 'http://127.0.0.1:8787/r',
    });
    expect(new URL(back).searchParams.get('redirect_status')).toBe('failed');
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code: 'card_declined' },
    });
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    expect(await typesFor(intent.id)).toEqual(['setup_intent.setup_failed']);
  });
});

describe('invoices', () => {
  it('computes totals from items, an inclusive tax rate and a coupon; finalizes, pays, lists', async () => {
    const { customer } = await customerWithMethod('success');
    const inclusive = await stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: true });
    const coupon = await stripe.coupons.create({ amount_off: 200, currency: 'eur', duration: 'once' });
    await stripe.invoiceItems.create({
      customer: customer.id,
      amount: 1200,
      currency: 'eur',
      description: 'Keyfob',
      tax_rates: [inclusive.id],
    });
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      pending_invoice_items_behavior: 'include',
      discounts: [{ coupon: coupon.id }],
      metadata: { company: '7' },
    });
    const priced = await stripe.invoiceItems.create({
      customer: customer.id,
      pricing: { price: (await monthlyOneTime()).id },
      quantity: 2,
    });
    expect(priced).toMatchObject({
      amount: 600,
      invoice: null,
      pricing: { type: 'price_details', price_details: { price: expect.stringMatching(/^price_/) } },
    });
    await stripe.invoiceItems.del(priced.id);
    const item = await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: invoice.id,
      unit_amount_decimal: '250.5',
      quantity: 4,
      currency: 'eur',
      description: 'kWh',
      period: { start: 1_700_000_000, end: 1_700_086_400 },
    });
    expect(schemaErrors('invoiceitem', item)).toEqual([]);
    expect(item).toMatchObject({ id: expect.stringMatching(/^ii_/), amount: 1002, invoice: invoice.id });
    const draft = await stripe.invoices.retrieve(invoice.id);
    expect(draft).toMatchObject({
      status: 'draft',
      subtotal: 2202,
      total: 2002,
      total_discount_amounts: [{ amount: 200 }],
    });
    // The inclusive VAT of the keyfob line, after its share of the discount (1200 − 109 = 1091): 1091 − 1091 / 1.2.
    expect((draft as unknown as { total_tax_amounts: unknown[] }).total_tax_amounts).toEqual([
      expect.objectContaining({ amount: 182, inclusive: true, tax_rate: inclusive.id }),
    ]);
    expect(draft.total_taxes).toEqual([
      expect.objectContaining({ amount: 182, tax_behavior: 'inclusive', tax_rate_details: { tax_rate: inclusive.id } }),
    ]);
    expect((await stripe.invoices.listLineItems(invoice.id)).data.map((l) => l.amount)).toEqual([1200, 1002]);

    const finalized = await stripe.invoices.finalizeInvoice(invoice.id);
    expect(finalized).toMatchObject({ status: 'open', number: expect.stringMatching(/-0001$/) });
    const paid = await stripe.invoices.pay(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 2002, attempt_count: 1 });
    expect(schemaErrors('invoice', paid)).toEqual([]);
    const since = Math.floor(Date.now() / 1000) - 60;
    const listed = await stripe.invoices.list({ customer: customer.id, status: 'paid', created: { gte: since } });
    expect(listed.data.map((i) => i.id)).toEqual([invoice.id]);
    expect(await typesFor(invoice.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);
  });

  it('send_invoice stays open until paid by bank transfer on the dev page', async () => {
    const customer = await stripe.customers.create({ email: 'transfer@example.test' });
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      auto_advance: false,
    });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 9900, currency: 'eur' });
    await stripe.invoices.finalizeInvoice(invoice.id);
    const sent = await stripe.invoices.sendInvoice(invoice.id);
    expect(sent).toMatchObject({
      status: 'open',
      due_date: expect.any(Number),
      hosted_invoice_url: `${fake.url}/dev/invoices/${invoice.id}/pay`,
    });
    expect(await submitDevForm(sent.hosted_invoice_url ?? '', { choice: 'pay' })).toBe('200');
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amount_paid: 9900 });
    expect(await typesFor(invoice.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.sent',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);
  });

  it('voids an open invoice, deletes a draft, and refuses paying without a payment method', async () => {
    const customer = await stripe.customers.create({});
    const draft = await stripe.invoices.create({ customer: customer.id });
    expect(await stripe.invoices.del(draft.id)).toMatchObject({ deleted: true });
    const open = await stripe.invoices.create({ customer: customer.id });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: open.id, amount: 500, currency: 'eur' });
    await stripe.invoices.finalizeInvoice(open.id);
    const refused = await stripe.invoices.pay(open.id).catch((e: Stripe.errors.StripeError) => e);
    expect(refused).toMatchObject({ statusCode: 402 });
    expect(await stripe.invoices.retrieve(open.id)).toMatchObject({ status: 'open', attempt_count: 1 });
    expect((await stripe.invoices.voidInvoice(open.id)).status).toBe('void');
    expect(await typesFor(open.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'invoice.voided',
    ]);
  });
});

describe('webhooks', () => {
  it('signs each delivery so the SDK accepts it, and retries a failed one', async () => {
    listener.control.failNext = 1;
    const customer = await stripe.customers.create({ email: 'retry@example.test' });
    expect(await typesFor(customer.id)).toEqual(['customer.created']);
    const deliveries = (await (await fetch(`${fake.url}/dev/events`)).json()) as {
      deliveries: { type: string; status: string; attempts: number }[];
    };
    expect(deliveries.deliveries.at(-1)).toMatchObject({ type: 'customer.created', status: 'delivered', attempts: 2 });
    listener.control.failNext = 4;
    const givenUp = await stripe.products.create({ name: 'Never delivered' });
    const next = await stripe.products.create({ name: 'Delivered' });
    expect(await typesFor(givenUp.id)).toEqual([]);
    expect(await typesFor(next.id)).toEqual(['product.created']);
    const after = (await (await fetch(`${fake.url}/dev/events`)).json()) as typeof deliveries;
    expect(after.deliveries.slice(-2)).toMatchObject([
      { type: 'product.created', status: 'failed', attempts: 4 },
      { type: 'product.created', status: 'delivered', attempts: 1 },
    ]);
    const forged = listener.received[0];
    await expect(
      stripe.webhooks.constructEventAsync(forged?.body ?? '', forged?.signature ?? '', 'whsec_other'),
    ).rejects.toThrow();
  });
});
