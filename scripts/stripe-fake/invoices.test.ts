/**
 * Invoices on the local Stripe server through the real SDK: totals from items, tax rates and
 * coupons, finalize / pay / send / void / delete, bank transfer through the dev page, and webhook
 * signing, retries and failures.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingHarness } from './billing-harness';
import { schemaErrors, submitDevForm } from './test-support';

const { h, typesFor, customerWithMethod, oneTimePrice } = billingHarness();

describe('invoices', () => {
  it('computes totals from items, an inclusive tax rate and a coupon; finalizes, pays, lists', async () => {
    const { customer } = await customerWithMethod('success');
    const inclusive = await h.stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: true });
    const coupon = await h.stripe.coupons.create({ amount_off: 200, currency: 'eur', duration: 'once' });
    await h.stripe.invoiceItems.create({
      customer: customer.id,
      amount: 1200,
      currency: 'eur',
      description: 'Keyfob',
      tax_rates: [inclusive.id],
    });
    const invoice = await h.stripe.invoices.create({
      customer: customer.id,
      pending_invoice_items_behavior: 'include',
      discounts: [{ coupon: coupon.id }],
      metadata: { company: '7' },
    });
    const priced = await h.stripe.invoiceItems.create({
      customer: customer.id,
      pricing: { price: (await oneTimePrice(300)).id },
      quantity: 2,
    });
    expect(priced).toMatchObject({
      amount: 600,
      invoice: null,
      pricing: { type: 'price_details', price_details: { price: expect.stringMatching(/^price_/) } },
    });
    await h.stripe.invoiceItems.del(priced.id);
    const item = await h.stripe.invoiceItems.create({
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
    const draft = await h.stripe.invoices.retrieve(invoice.id);
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
    expect((await h.stripe.invoices.listLineItems(invoice.id)).data.map((l) => l.amount)).toEqual([1200, 1002]);

    const finalized = await h.stripe.invoices.finalizeInvoice(invoice.id);
    expect(finalized).toMatchObject({ status: 'open', number: expect.stringMatching(/-0001$/) });
    const paid = await h.stripe.invoices.pay(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 2002, attempt_count: 1 });
    expect(schemaErrors('invoice', paid)).toEqual([]);
    const since = Math.floor(Date.now() / 1000) - 60;
    const listed = await h.stripe.invoices.list({ customer: customer.id, status: 'paid', created: { gte: since } });
    expect(listed.data.map((i) => i.id)).toEqual([invoice.id]);
    expect(await typesFor(invoice.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);
  });

  it('send_invoice stays open until paid by bank transfer on the dev page', async () => {
    const customer = await h.stripe.customers.create({ email: 'transfer@example.test' });
    const invoice = await h.stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      auto_advance: false,
    });
    await h.stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 9900, currency: 'eur' });
    await h.stripe.invoices.finalizeInvoice(invoice.id);
    const sent = await h.stripe.invoices.sendInvoice(invoice.id);
    expect(sent).toMatchObject({
      status: 'open',
      due_date: expect.any(Number),
      hosted_invoice_url: `${h.fake.url}/dev/invoices/${invoice.id}/pay`,
    });
    expect(await submitDevForm(sent.hosted_invoice_url ?? '', { choice: 'pay' })).toBe('200');
    expect(await h.stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amount_paid: 9900 });
    expect(await typesFor(invoice.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.sent',
      'invoice.payment_succeeded',
      'invoice.paid',
    ]);
  });

  it('refuses a 251st invoice item on one invoice, as Stripe does', async () => {
    const { customer } = await customerWithMethod('success');
    const invoice = await h.stripe.invoices.create({
      customer: customer.id,
      pending_invoice_items_behavior: 'exclude',
    });
    const add = () =>
      h.stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 1, currency: 'eur' });
    for (let i = 0; i < 250; i += 25) await Promise.all(Array.from({ length: 25 }, add));
    const refused = await add().catch((e: Stripe.errors.StripeError) => e);
    expect(refused).toMatchObject({ statusCode: 400, param: 'invoice' });
    expect((await h.stripe.invoices.retrieve(invoice.id)).total).toBe(250);
  });

  it('voids an open invoice, deletes a draft, and refuses paying without a payment method', async () => {
    const customer = await h.stripe.customers.create({});
    const draft = await h.stripe.invoices.create({ customer: customer.id });
    expect(await h.stripe.invoices.del(draft.id)).toMatchObject({ deleted: true });
    const open = await h.stripe.invoices.create({ customer: customer.id });
    await h.stripe.invoiceItems.create({ customer: customer.id, invoice: open.id, amount: 500, currency: 'eur' });
    await h.stripe.invoices.finalizeInvoice(open.id);
    const refused = await h.stripe.invoices.pay(open.id).catch((e: Stripe.errors.StripeError) => e);
    expect(refused).toMatchObject({ statusCode: 402 });
    expect(await h.stripe.invoices.retrieve(open.id)).toMatchObject({ status: 'open', attempt_count: 1 });
    expect((await h.stripe.invoices.voidInvoice(open.id)).status).toBe('void');
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
    h.listener.control.failNext = 1;
    const customer = await h.stripe.customers.create({ email: 'retry@example.test' });
    expect(await typesFor(customer.id)).toEqual(['customer.created']);
    const deliveries = (await (await fetch(`${h.fake.url}/dev/events`)).json()) as {
      deliveries: { type: string; status: string; attempts: number }[];
    };
    expect(deliveries.deliveries.at(-1)).toMatchObject({ type: 'customer.created', status: 'delivered', attempts: 2 });
    h.listener.control.failNext = 4;
    const givenUp = await h.stripe.products.create({ name: 'Never delivered' });
    const next = await h.stripe.products.create({ name: 'Delivered' });
    expect(await typesFor(givenUp.id)).toEqual([]);
    expect(await typesFor(next.id)).toEqual(['product.created']);
    const after = (await (await fetch(`${h.fake.url}/dev/events`)).json()) as typeof deliveries;
    expect(after.deliveries.slice(-2)).toMatchObject([
      { type: 'product.created', status: 'failed', attempts: 4 },
      { type: 'product.created', status: 'delivered', attempts: 1 },
    ]);
    const forged = h.listener.received[0];
    await expect(
      h.stripe.webhooks.constructEventAsync(forged?.body ?? '', forged?.signature ?? '', 'whsec_other'),
    ).rejects.toThrow();
  });
});
