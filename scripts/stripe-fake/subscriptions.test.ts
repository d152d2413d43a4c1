/**
 * Subscriptions on the local Stripe server through the real SDK: the first invoice, trials, anchors,
 * discounts, the three payment-method outcomes of the dev page, and the signed webhooks a listener
 * receives (verified with the SDK's `constructEventAsync`).
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingHarness } from './billing-harness';
import { schemaErrors, submitDevForm } from './test-support';

const { h, typesFor, customerWithMethod, monthlyPrice } = billingHarness();

describe('subscriptions', () => {
  it('with a working payment method: the first invoice is paid and the subscription active', async () => {
    const { customer, pm } = await customerWithMethod('success');
    const price = await monthlyPrice(2500);
    const rate = await h.stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: false });
    const sub = await h.stripe.subscriptions.create({
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

    const updated = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]?.id, quantity: 3 }],
      metadata: { plan: 'b' },
    });
    expect(updated.items.data[0]?.quantity).toBe(3);
    expect((await h.stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([sub.id]);
    const canceled = await h.stripe.subscriptions.cancel(sub.id, { invoice_now: false, prorate: false });
    expect(canceled.status).toBe('canceled');
    expect(await typesFor(sub.id)).toEqual([
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect((await h.stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });

  it('in a trial: status trialing and a zero invoice', async () => {
    const { customer } = await customerWithMethod('success');
    const price = await monthlyPrice(900);
    const trialEnd = Math.floor(Date.now() / 1000) + 14 * 86400;
    const sub = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_end: trialEnd,
    });
    expect(sub).toMatchObject({ status: 'trialing', trial_end: trialEnd, current_period_end: trialEnd });
    const invoice = await h.stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ total: 0, status: 'paid', amount_due: 0 });
  });

  it('with an anchor: the first period is prorated up to it', async () => {
    const { customer } = await customerWithMethod('success');
    const price = await monthlyPrice(3000);
    const anchor = Math.floor(Date.now() / 1000) + 10 * 86400;
    const sub = await h.stripe.subscriptions.create({
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
    const coupon = await h.stripe.coupons.create({ percent_off: 25, duration: 'forever' });
    const sub = await h.stripe.subscriptions.create({
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
    expect((await h.stripe.subscriptions.update(sub.id, { discounts: '' })).discounts).toEqual([]);
  });

  it('with a processing payment method: invoice open with a retry planned, paid once the dev page settles it', async () => {
    const { customer, intent } = await customerWithMethod('processing', 'bacs_debit');
    expect(intent.status).toBe('processing');
    const pm = await h.stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(pm).toMatchObject({ type: 'bacs_debit', bacs_debit: { last4: '2345', sort_code: '108800' } });
    const price = await monthlyPrice(1200);
    const sub = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(sub.status).toBe('incomplete');
    const open = await h.stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(open).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: expect.any(Number),
      amount_remaining: 1200,
    });

    const back = await submitDevForm(`${h.fake.url}/dev/setup/${intent.id}`, {
      choice: 'settle',
      return_url: 'http://127.0.0.1:8787/billing/return',
    });
    expect(new URL(back).searchParams.get('redirect_status')).toBe('succeeded');
    expect(await h.stripe.invoices.retrieve(open.id)).toMatchObject({
      status: 'paid',
      amount_paid: 1200,
      next_payment_attempt: null,
    });
    expect((await h.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    expect(await typesFor(intent.id)).toEqual(['setup_intent.succeeded']);
    expect(await typesFor(sub.id)).toEqual(['customer.subscription.created', 'customer.subscription.updated']);
  });

  it('refuses a one-time price or an unknown coupon and stores nothing', async () => {
    const customer = await h.stripe.customers.create({});
    const product = await h.stripe.products.create({ name: 'Keyfob' });
    const oneTime = await h.stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 500 });
    const monthly = await monthlyPrice(700);
    const refusedPrice = await h.stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: oneTime.id }] })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(refusedPrice).toMatchObject({ statusCode: 400, param: 'items[0][price]' });
    const refusedCoupon = await h.stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: monthly.id }], discounts: [{ coupon: 'nope' }] })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(refusedCoupon).toMatchObject({ statusCode: 404, param: 'discounts[0][coupon]' });
    // The API version the SDK speaks has no `coupon` on subscriptions any more (see clover-requests.ts).
    const params = {
      customer: customer.id,
      items: [{ price: monthly.id }],
      coupon: 'x',
    } as Stripe.SubscriptionCreateParams;
    const oldName = await h.stripe.subscriptions.create(params).catch((e: Stripe.errors.StripeError) => e);
    expect(oldName).toMatchObject({ statusCode: 400, message: 'Received unknown parameter: coupon' });
    expect((await h.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
    expect((await h.stripe.invoices.list({ customer: customer.id })).data).toEqual([]);
  });

  it('a failed setup attaches nothing', async () => {
    const customer = await h.stripe.customers.create({});
    const intent = await h.stripe.setupIntents.create({ customer: customer.id, payment_method_types: ['card'] });
    const back = await submitDevForm(`${h.fake.url}/dev/setup/${intent.id}`, {
      choice: 'failed',
      return_url: 'http://127.0.0.1:8787/r',
    });
    expect(new URL(back).searchParams.get('redirect_status')).toBe('failed');
    expect(await h.stripe.setupIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code: 'card_declined' },
    });
    expect((await h.stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    expect(await typesFor(intent.id)).toEqual(['setup_intent.setup_failed']);
  });
});
