/**
 * A later billing period through the product (issue 17 part 2, ADR 043 addendum): a subscription made
 * through our API for a customer on a test clock of the local Stripe-compatible server, the clock
 * advanced a month, the events it produced delivered to our webhook: our invoice list shows the new
 * period's invoice, paid.
 */
import { env } from 'cloudflare:test';
import { localTestClock, stripeClient } from '@api/lib/stripe';
import { billingCustomers, billingPrices, billingProducts } from '@db/schema';
import { createCompany } from '@db/seed/factories';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { call, db, login, unique, world } from './helpers';
import { deliverStripeEvent } from './stripe-webhook';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

interface Invoice {
  id: number;
  company_id: number;
  kind: string;
  status: string;
  total: number;
  amount_paid: number;
  period_start: string | null;
  period_end: string | null;
}

/** A payment method that works, set up on the local server's dev page as a person would. */
async function workingCard(customer: string): Promise<string> {
  const intent = await stripe().setupIntents.create({ customer, payment_method_types: ['card'] });
  const page = await fetch(`${env.STRIPE_API_BASE}/dev/setup/${intent.id}`, {
    method: 'POST',
    body: new URLSearchParams({ choice: 'success' }),
  });
  expect(page.status).toBe(200);
  await page.arrayBuffer();
  const pm = (await stripe().setupIntents.retrieve(intent.id)).payment_method as string;
  await stripe().customers.update(customer, { invoice_settings: { default_payment_method: pm } });
  return pm;
}

/** Every event about `customer`'s objects (or the subscription) not delivered yet, oldest first, delivered to our webhook. */
async function deliverEventsOf(customer: string, sub: string, seen: Set<string>) {
  const events = (await stripe().events.list({ limit: 100 })).data.reverse();
  for (const event of events) {
    const object = event.data.object as { id?: string; customer?: string };
    if (seen.has(event.id) || (object.customer !== customer && object.id !== sub)) continue;
    seen.add(event.id);
    expect((await deliverStripeEvent(event)).status).toBe(200);
  }
}

describe('a subscription on a test clock', () => {
  it('advanced a month: the renewal invoice reaches our invoice list, paid', async () => {
    const operator = await world({
      roles: [ROLE.PAYMENT_PROVIDER_ADMIN],
      company: { services: [SERVICE.PAYMENT_PROVIDER_CUSTOMER_BILLING] },
    });
    const fleet = await createCompany(db, {
      name: unique('Fleet'),
      parentCompanyId: operator.company.id,
      isEvfleet: true,
    });
    const start = Math.floor(Date.UTC(2026, 0, 10) / 1000);
    const clock = await stripe().testHelpers.testClocks.create({ frozen_time: start });
    const customer = await stripe().customers.create({ name: fleet.name, test_clock: clock.id });
    const pm = await workingCard(customer.id);
    await db.insert(billingCustomers).values({
      companyId: fleet.id,
      ownerCompanyId: operator.company.id,
      stripeCustomerId: customer.id,
      name: fleet.name,
      defaultPaymentMethodId: pm,
    });
    const product = await stripe().products.create({ name: unique('Plan') });
    const remotePrice = await stripe().prices.create({
      product: product.id,
      unit_amount: 1900,
      currency: 'eur',
      recurring: { interval: 'month' },
    });
    const [p] = await db
      .insert(billingProducts)
      .values({
        ownerCompanyId: operator.company.id,
        stripeProductId: product.id,
        name: product.name,
        country: 'IT',
        type: 'recurring',
      })
      .returning();
    const [price] = await db
      .insert(billingPrices)
      .values({
        ownerCompanyId: operator.company.id,
        productId: p?.id ?? 0,
        stripePriceId: remotePrice.id,
        unitAmount: 1900,
        currency: 'EUR',
        interval: 'month',
      })
      .returning();
    const session = await login(operator.email, operator.password, operator.ip);
    const created = await call('/stripe/customer/subscription', {
      ...session,
      method: 'POST',
      json: { company_id: fleet.id, price_id: price?.id, confirm: true },
    });
    expect(created.status).toBe(201);
    const [remote] = (await stripe().subscriptions.list({ customer: customer.id })).data as Stripe.Subscription[];
    expect(remote).toMatchObject({ status: 'active', collection_method: 'charge_automatically' });
    const seen = new Set<string>();
    await deliverEventsOf(customer.id, remote?.id ?? '', seen);

    await stripe().testHelpers.testClocks.advance(clock.id, { frozen_time: Math.floor(Date.UTC(2026, 1, 11) / 1000) });
    expect((await stripe().testHelpers.testClocks.retrieve(clock.id)).status).toBe('ready');
    await deliverEventsOf(customer.id, remote?.id ?? '', seen);

    const res = await call(`/stripe/invoices?customer=${fleet.id}&items_per_page=100`, session);
    expect(res.status).toBe(200);
    const invoices = ((await res.json()) as { data: Invoice[] }).data;
    const renewal = invoices.find((i) => i.period_end === new Date(Date.UTC(2026, 1, 10)).toISOString());
    expect(renewal).toMatchObject({
      company_id: fleet.id,
      kind: 'subscription',
      status: 'paid',
      total: 1900,
      amount_paid: 1900,
      period_start: new Date(Date.UTC(2026, 0, 10)).toISOString(),
    });
    expect(invoices.filter((i) => i.kind === 'subscription' && i.status === 'paid')).toHaveLength(2);
  });

  it('local mode puts a new billing customer on its own clock; never without the flag or against another endpoint', async () => {
    const row = { id: 424242, name: 'Fleet', createdAt: new Date(Date.UTC(2026, 2, 3, 10)) };
    const local = { ...env, STRIPE_LOCAL_TEST_CLOCKS: '1' };
    const id = await localTestClock(stripe(), local, row, {});
    expect(await stripe().testHelpers.testClocks.retrieve(id ?? '')).toMatchObject({
      frozen_time: Date.UTC(2026, 2, 3, 10) / 1000,
      name: 'Fleet',
    });
    // The same row again (a retried request): the same clock, by its idempotency key.
    expect(await localTestClock(stripe(), local, row, {})).toBe(id);
    expect(await localTestClock(stripe(), env, row, {})).toBeNull();
    expect(
      await localTestClock(stripe(), { ...local, STRIPE_API_BASE: 'https://stripe.example.test' }, row, {}),
    ).toBeNull();
  });
});
