/**
 * The billing tests' server: one local Stripe server per test file, an SDK client on it, a webhook
 * listener whose URL is set after start (as the e2e setup does), and the helpers those tests share.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StripeFake } from './server';
import { startWithClient, submitDevForm, WEBHOOK_SECRET, webhookListener } from './test-support';

export function billingHarness() {
  const h = {} as { fake: StripeFake; stripe: Stripe; listener: Awaited<ReturnType<typeof webhookListener>> };
  beforeAll(async () => {
    h.listener = await webhookListener();
    ({ fake: h.fake, stripe: h.stripe } = await startWithClient());
    await fetch(`${h.fake.url}/dev/config`, { method: 'POST', body: JSON.stringify({ webhook_url: h.listener.url }) });
  });
  afterAll(async () => {
    await h.fake.close();
    await h.listener.close();
  });

  /** Every event received so far, verified as the product's webhook route verifies it. */
  async function receivedEvents(): Promise<Stripe.Event[]> {
    await h.fake.settled();
    return Promise.all(
      h.listener.received.map((r) => h.stripe.webhooks.constructEventAsync(r.body, r.signature, WEBHOOK_SECRET)),
    );
  }

  async function typesFor(id: string): Promise<string[]> {
    return (await receivedEvents()).filter((e) => (e.data.object as { id?: string }).id === id).map((e) => e.type);
  }

  /** A customer (`params`: on a test clock, say) whose default payment method was set up through the dev page with `choice`. */
  async function customerWithMethod(
    choice: 'success' | 'processing' | 'declines',
    type: 'card' | 'bacs_debit' = 'card',
    params: Stripe.CustomerCreateParams = {},
  ) {
    const { stripe, fake } = h;
    const customer = await stripe.customers.create({ email: `${choice}@example.test`, ...params });
    const intent = await stripe.setupIntents.create({ customer: customer.id, payment_method_types: [type] });
    const back = await submitDevForm(`${fake.url}/dev/setup/${intent.id}`, {
      choice,
      return_url: 'http://127.0.0.1:8787/billing/return',
    });
    const redirected = new URL(back);
    expect(redirected.searchParams.get('setup_intent')).toBe(intent.id);
    expect(redirected.searchParams.get('redirect_status')).toBe(choice === 'processing' ? 'processing' : 'succeeded');
    const done = await stripe.setupIntents.retrieve(intent.id);
    const pm = done.payment_method as string;
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
    return { customer, intent: done, pm };
  }

  async function monthlyPrice(unitAmount: number) {
    const product = await h.stripe.products.create({ name: 'CPMS fee' });
    return h.stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: unitAmount,
      recurring: { interval: 'month' },
    });
  }

  async function oneTimePrice(unitAmount: number) {
    const product = await h.stripe.products.create({ name: 'Keyfob' });
    return h.stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: unitAmount });
  }

  return { h, receivedEvents, typesFor, customerWithMethod, monthlyPrice, oneTimePrice };
}
