/**
 * The local Stripe server through the real SDK: requests validated against Stripe's OpenAPI
 * document, authentication, idempotency, Connect namespaces, and the objects it keeps (each
 * checked against the document's component schema).
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from './server';
import { refusal, schemaErrors, startWithClient, submitDevForm } from './test-support';

let fake: StripeFake;
let stripe: Stripe;
let port: number;

beforeAll(async () => {
  ({ fake, stripe, port } = await startWithClient());
});
afterAll(() => fake.close());

describe('request validation against the OpenAPI document', () => {
  it('refuses an unknown parameter, naming it', async () => {
    const result = await refusal(
      stripe.customers.create({ email: 'a@example.test', foo: 'x' } as Stripe.CustomerCreateParams),
    );
    expect(result).toEqual({
      status: 400,
      type: 'StripeInvalidRequestError',
      message: 'Received unknown parameter: foo',
      param: 'foo',
      code: 'parameter_unknown',
    });
  });

  it('refuses an unknown nested parameter with its bracketed name', async () => {
    const params = { invoice_settings: { colour: 'red' } } as unknown as Stripe.CustomerCreateParams;
    expect((await refusal(stripe.customers.create(params))).param).toBe('invoice_settings[colour]');
  });

  it('refuses a bad enum value', async () => {
    const customer = await stripe.customers.create({});
    const params = { customer: customer.id, collection_method: 'by_pigeon' } as unknown as Stripe.InvoiceCreateParams;
    const result = await refusal(stripe.invoices.create(params));
    expect(result).toMatchObject({
      status: 400,
      param: 'collection_method',
      message: 'Invalid collection_method: must be one of charge_automatically or send_invoice',
    });
  });

  it('refuses a missing required parameter', async () => {
    const result = await refusal(stripe.prices.create({ unit_amount: 100 } as Stripe.PriceCreateParams));
    expect(result).toMatchObject({
      status: 400,
      param: 'currency',
      message: 'Missing required param: currency.',
      code: 'parameter_missing',
    });
  });

  it('refuses a wrong type after decoding the form', async () => {
    const params = { currency: 'eur', unit_amount: 'ten' } as unknown as Stripe.PriceCreateParams;
    expect(await refusal(stripe.prices.create(params))).toMatchObject({
      status: 400,
      param: 'unit_amount',
      message: 'Invalid integer: ten',
    });
  });

  it('answers 404 for a path Stripe does not have, and 401 without a test key', async () => {
    const headers = { Authorization: 'Bearer sk_test_local' };
    const unknown = await fetch(`${fake.url}/v1/foo`, { method: 'POST', headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL (POST: /v1/foo).' },
    });
    const noKey = await fetch(`${fake.url}/v1/customers`);
    expect(noKey.status).toBe(401);
    const liveKey = await fetch(`${fake.url}/v1/customers`, {
      headers: { Authorization: 'Bearer sk_live_0123456789abcdef' },
    });
    expect(liveKey.status).toBe(401);
    expect(((await liveKey.json()) as { error: { message: string } }).error.message).toMatch(
      /^Invalid API Key provided: sk_live_/,
    );
  });

  it('decodes deep objects and arrays in a query string', async () => {
    const before = Math.floor(Date.now() / 1000) - 5;
    const customer = await stripe.customers.create({ email: 'deep@example.test' });
    const listed = await stripe.customers.list({
      created: { gte: before },
      email: 'deep@example.test',
      limit: 3,
      expand: ['data.default_source'],
    });
    expect(listed.data.map((c) => c.id)).toEqual([customer.id]);
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters', async () => {
    const first = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses the same key with other parameters', async () => {
    await stripe.customers.create({ email: 'one@example.test' }, { idempotencyKey: 'key-2' });
    const result = await refusal(stripe.customers.create({ email: 'two@example.test' }, { idempotencyKey: 'key-2' }));
    expect(result).toMatchObject({ status: 400, type: 'StripeIdempotencyError' });
  });
});

describe('objects', () => {
  it('keeps customers, with tax ids and a default payment method', async () => {
    const customer = await stripe.customers.create({
      email: 'c@example.test',
      name: 'Fleet Co',
      metadata: { company: '7' },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(schemaErrors('customer', customer)).toEqual([]);
    const taxId = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'FR12345678901' });
    expect(taxId).toMatchObject({
      id: expect.stringMatching(/^txi_/),
      type: 'eu_vat',
      country: 'FR',
      customer: customer.id,
    });
    expect(schemaErrors('tax_id', taxId)).toEqual([]);
    expect((await stripe.customers.listTaxIds(customer.id)).data.map((t) => t.id)).toEqual([taxId.id]);
    const intent = await stripe.setupIntents.create({ customer: customer.id, payment_method_types: ['sepa_debit'] });
    expect(schemaErrors('setup_intent', intent)).toEqual([]);
    await submitDevForm(`${fake.url}/dev/setup/${intent.id}`, {
      choice: 'success',
      return_url: 'http://127.0.0.1/back',
    });
    const methods = await stripe.customers.listPaymentMethods(customer.id);
    const pm = methods.data[0];
    expect(pm).toMatchObject({
      type: 'sepa_debit',
      sepa_debit: { last4: '3000', bank_code: '37040044' },
      customer: customer.id,
    });
    expect(schemaErrors('payment_method', pm)).toEqual([]);
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm?.id },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(pm?.id);
    const detached = await stripe.paymentMethods.detach(pm?.id ?? '');
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: null },
    });
    expect(await stripe.customers.deleteTaxId(customer.id, taxId.id)).toMatchObject({ deleted: true });
    expect(await stripe.customers.del(customer.id)).toEqual(
      expect.objectContaining({ id: customer.id, deleted: true }),
    );
    expect((await refusal(stripe.customers.retrieve(customer.id))).status).toBe(404);
  });

  it('keeps products, prices, tax rates and coupons within what Stripe allows', async () => {
    const product = await stripe.products.create({ name: 'SaaS fee', metadata: { type: 'recurring' } });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 1500,
      recurring: { interval: 'month' },
    });
    const rate = await stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: false, country: 'FR' });
    const coupon = await stripe.coupons.create({
      percent_off: 10,
      duration: 'repeating',
      duration_in_months: 3,
      name: 'Launch',
    });
    expect([product.id, price.id, rate.id]).toEqual([
      expect.stringMatching(/^prod_/),
      expect.stringMatching(/^price_/),
      expect.stringMatching(/^txr_/),
    ]);
    for (const [name, value] of [
      ['product', product],
      ['price', price],
      ['tax_rate', rate],
      ['coupon', coupon],
    ] as const) {
      expect(schemaErrors(name, value)).toEqual([]);
    }
    expect((await stripe.products.update(product.id, { default_price: price.id })).default_price).toBe(price.id);
    expect((await stripe.prices.update(price.id, { active: false })).active).toBe(false);
    expect((await stripe.prices.list({ product: product.id, active: false })).data.map((p) => p.id)).toEqual([
      price.id,
    ]);
    expect((await stripe.taxRates.update(rate.id, { active: false })).active).toBe(false);
    expect((await stripe.coupons.update(coupon.id, { name: 'Spring' })).name).toBe('Spring');
    const couponChange = { percent_off: 20 } as unknown as Stripe.CouponUpdateParams;
    expect(await refusal(stripe.coupons.update(coupon.id, couponChange))).toMatchObject({
      status: 400,
      param: 'percent_off',
    });
    // The document has no DELETE for prices or tax rates.
    const priceDelete = await fetch(`${fake.url}/v1/prices/${price.id}`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer sk_test_local' },
    });
    expect(priceDelete.status).toBe(404);
    expect(await stripe.coupons.del(coupon.id)).toMatchObject({ deleted: true });
    expect((await stripe.coupons.list()).data.map((c) => c.id)).not.toContain(coupon.id);
  });

  it('keeps connected accounts apart, with onboarding through the dev page and payouts', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'FR',
      email: 'cpo@example.test',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    expect(account).toMatchObject({
      id: expect.stringMatching(/^acct_/),
      charges_enabled: false,
      details_submitted: false,
    });
    expect(schemaErrors('account', account)).toEqual([]);
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://127.0.0.1:8787/return',
      refresh_url: 'http://127.0.0.1:8787/refresh',
    });
    expect(schemaErrors('account_link', link)).toEqual([]);
    expect(link.url.startsWith(`${fake.url}/dev/onboard/${account.id}?`)).toBe(true);
    const linkId = new URL(link.url).searchParams.get('link') ?? '';
    expect(await submitDevForm(link.url, { choice: 'complete', link: linkId })).toBe('http://127.0.0.1:8787/return');
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });

    const onAccount = { stripeAccount: account.id };
    const customer = await stripe.customers.create({ email: 'driver@example.test' }, onAccount);
    expect((await refusal(stripe.customers.retrieve(customer.id))).status).toBe(404);
    expect(((await stripe.customers.retrieve(customer.id, {}, onAccount)) as Stripe.Customer).email).toBe(
      'driver@example.test',
    );
    const payout = await stripe.payouts.create({ amount: 5000, currency: 'eur' }, onAccount);
    expect(payout).toMatchObject({ id: expect.stringMatching(/^po_/), status: 'paid', amount: 5000 });
    expect(schemaErrors('payout', payout)).toEqual([]);
    expect((await stripe.payouts.retrieve(payout.id, {}, onAccount)).id).toBe(payout.id);
    const events = await stripe.events.list({ type: 'payout.*' }, onAccount);
    expect(events.data.map((e) => [e.type, e.account])).toEqual([
      ['payout.paid', account.id],
      ['payout.created', account.id],
    ]);
    expect(schemaErrors('event', events.data[0])).toEqual([]);
    expect((await stripe.events.retrieve(events.data[0]?.id ?? '', {}, onAccount)).type).toBe('payout.paid');
    expect(await stripe.accounts.del(account.id)).toMatchObject({ deleted: true });
  });

  it('runs Checkout in setup mode through the dev page', async () => {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'eur',
      success_url: 'http://127.0.0.1/ok?cs={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1/no',
    });
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_/),
      url: `${fake.url}/dev/checkout/${session.id}`,
      status: 'open',
    });
    expect(schemaErrors('checkout.session', session)).toEqual([]);
    expect(await submitDevForm(session.url ?? '', { choice: 'pay' })).toBe(`http://127.0.0.1/ok?cs=${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it('makes the SetupIntent of a setup-mode session at creation, with setup_intent_data, as Stripe does', async () => {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'eur',
      payment_method_types: ['card', 'sepa_debit'],
      success_url: 'http://127.0.0.1/ok?cs={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1/no',
      metadata: { billing_customer_id: '7' },
      setup_intent_data: { metadata: { billing_customer_id: '7' } },
    });
    expect(session.setup_intent).toMatch(/^seti_/);
    const intent = await stripe.setupIntents.retrieve(String(session.setup_intent));
    expect(intent).toMatchObject({
      customer: customer.id,
      status: 'requires_payment_method',
      payment_method_types: ['card', 'sepa_debit'],
      metadata: { billing_customer_id: '7' },
    });
    // A debit needs its scheme's currency.
    const base = { mode: 'setup' as const, customer: customer.id, success_url: 'http://127.0.0.1/ok' };
    expect(
      await refusal(stripe.checkout.sessions.create({ ...base, payment_method_types: ['bacs_debit'] })),
    ).toMatchObject({ status: 400, param: 'currency', message: 'Missing required param: currency.' });
    expect(
      (
        await refusal(
          stripe.checkout.sessions.create({ ...base, currency: 'eur', payment_method_types: ['bacs_debit'] }),
        )
      ).param,
    ).toBe('currency');
  });

  it('offers the setup outcomes on the Checkout page: failed stays open, processing then bank confirmed, cancel', async () => {
    const customer = await stripe.customers.create({});
    const create = () =>
      stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customer.id,
        currency: 'gbp',
        payment_method_types: ['card', 'bacs_debit'],
        success_url: 'http://127.0.0.1/ok?cs={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://127.0.0.1/no',
      });
    const session = await create();
    const pageHtml = await (await fetch(session.url ?? '')).text();
    for (const label of ['Success', 'Processing', 'Failed', 'Cancel']) expect(pageHtml).toContain(`>${label}</button>`);
    // Failed: a declined attempt; the session stays open for another try.
    expect(await submitDevForm(session.url ?? '', { choice: 'failed', kind: 'card' })).toBe('200');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const declined = await stripe.setupIntents.retrieve(String(session.setup_intent));
    expect(declined.status).toBe('requires_payment_method');
    expect(declined.last_setup_error?.code).toBe('card_declined');
    expect(await submitDevForm(session.url ?? '', { choice: 'processing', kind: 'bacs_debit' })).toBe(
      `http://127.0.0.1/ok?cs=${session.id}`,
    );
    const processing = await stripe.setupIntents.retrieve(String(session.setup_intent));
    expect(processing.status).toBe('processing');
    expect((await stripe.paymentMethods.retrieve(String(processing.payment_method))).type).toBe('bacs_debit');
    expect(await (await fetch(session.url ?? '')).text()).toContain('Bank confirmed');
    expect(await submitDevForm(session.url ?? '', { choice: 'settle' })).toBe('200');
    expect((await stripe.setupIntents.retrieve(String(session.setup_intent))).status).toBe('succeeded');

    const left = await create();
    expect(await submitDevForm(left.url ?? '', { choice: 'cancel' })).toBe('http://127.0.0.1/no');
    expect((await stripe.checkout.sessions.retrieve(left.id)).status).toBe('expired');
  });

  it('pages lists with starting_after', async () => {
    const made = [];
    for (const n of [1, 2, 3]) made.push(await stripe.products.create({ name: `Paged ${n}` }));
    const first = await stripe.products.list({ limit: 2, ids: made.map((p) => p.id) });
    expect(first.data.map((p) => p.name)).toEqual(['Paged 3', 'Paged 2']);
    expect(first.has_more).toBe(true);
    const next = await stripe.products.list({
      limit: 2,
      ids: made.map((p) => p.id),
      starting_after: first.data[1]?.id,
    });
    expect(next.data.map((p) => p.name)).toEqual(['Paged 1']);
    expect(port).toBeGreaterThan(0);
  });
});
