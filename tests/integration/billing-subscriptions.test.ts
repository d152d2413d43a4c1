/**
 * Subscriptions (issue 17 §6, spec 7.3 and 7.8) inside workerd against the workers project's local
 * Stripe-compatible server: create with its refusals (activation not confirmed, trial end in the
 * past, no billing customer: 409, a company outside the tree: 403), a day anchor sent to Stripe
 * and the end of the month as `billing_cycle_anchor_config` day 31 (the month's last day), a trial
 * making it free, update, cancel at period end and now (twice: unchanged), the lists
 * (all, active, by company), another operator's subscription unknown (404), a caller without
 * billing:admin refused (403); a paid fleet subscription contract bought for real (no more 501) and
 * its renewal switch mapped to Stripe's cancel_at_period_end.
 */
import { env } from 'cloudflare:test';
import { stripeClient } from '@api/lib/stripe';
import {
  billingCoupons,
  billingCustomers,
  billingPrices,
  billingProducts,
  billingSubscriptions,
  subscriptionContracts,
} from '@db/schema';
import { createCompany, createUser } from '@db/seed/factories';
import { firstAnchorDate } from '@domain/billing/subscriptions';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, expectError, login, type Session, unique, type World, world } from './helpers';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const BILLING = {
  roles: [ROLE.PAYMENT_PROVIDER_ADMIN],
  company: { services: [SERVICE.PAYMENT_PROVIDER_CUSTOMER_BILLING] },
};
const BASE = '/stripe/customer/subscription';

interface Sub {
  id: number;
  company_id: number;
  status: string;
  quantity: number;
  free: boolean;
  trial_end: string | null;
  billing_cycle_anchor: 'eom' | number | null;
  cancel_at_period_end: boolean;
  activated_at: string | null;
  canceled_at: string | null;
  expire_at: string | null;
}
interface Page {
  data: Sub[];
  total: number;
}

let operator: World;
let s: Session;
let rival: Session;
let viewer: Session;
let fleet: number;
let bare: number;
let rivalCompany: number;
let monthly: number;
let monthlyStripe: string;
let oneTime: number;
let customerStripe: string;

const as = (session: Session) => ({ cookie: session.cookie, ip: session.ip });
const send = (path: string, method: string, json?: unknown, session = s) =>
  call(path, { ...as(session), method, ...(json === undefined ? {} : { json }) });
async function ok<T>(res: Response, status = 200): Promise<T> {
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status });
  return body as T;
}

/** A catalogue price of `owner`, made at Stripe and kept in our tables as the catalogue does. */
async function price(owner: number, interval: 'month' | 'year' | 'one_time', unitAmount: number) {
  const product = await stripe().products.create({ name: unique('Plan') });
  const made = await stripe().prices.create({
    product: product.id,
    unit_amount: unitAmount,
    currency: 'eur',
    ...(interval === 'one_time' ? {} : { recurring: { interval } }),
  });
  const [p] = await db
    .insert(billingProducts)
    .values({
      ownerCompanyId: owner,
      stripeProductId: product.id,
      name: product.name,
      country: 'IT',
      type: interval === 'one_time' ? 'one_time' : 'recurring',
    })
    .returning();
  const [row] = await db
    .insert(billingPrices)
    .values({
      ownerCompanyId: owner,
      productId: p?.id ?? 0,
      stripePriceId: made.id,
      unitAmount,
      currency: 'EUR',
      interval,
    })
    .returning();
  return { id: row?.id ?? 0, stripeId: made.id };
}

beforeAll(async () => {
  operator = await world(BILLING);
  const other = await world(BILLING);
  rivalCompany = other.company.id;
  const fleetCompany = await createCompany(db, {
    name: unique('Fleet'),
    parentCompanyId: operator.company.id,
    isEvfleet: true,
    services: [SERVICE.MANAGE_USERS, SERVICE.IONITY_SUBSCRIPTIONS],
  });
  fleet = fleetCompany.id;
  bare = (await createCompany(db, { name: unique('Bare'), parentCompanyId: operator.company.id })).id;
  const customer = await stripe().customers.create({ name: fleetCompany.name, email: 'billing@fleet.test' });
  customerStripe = customer.id;
  await db.insert(billingCustomers).values({
    companyId: fleet,
    ownerCompanyId: operator.company.id,
    stripeCustomerId: customer.id,
    name: fleetCompany.name,
    email: 'billing@fleet.test',
  });
  const m = await price(operator.company.id, 'month', 1500);
  monthly = m.id;
  monthlyStripe = m.stripeId;
  oneTime = (await price(operator.company.id, 'one_time', 500)).id;
  const view = await createUser(
    db,
    { companyId: operator.company.id, email: `${unique('v')}@example.test`, password: operator.password, roles: [] },
    { iterations: 1000 },
  );
  [s, rival, viewer] = await Promise.all([
    login(operator.email, operator.password, operator.ip),
    login(other.email, other.password, other.ip),
    login(view.email, operator.password),
  ]);
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('create', () => {
  it('refuses without the irreversible-activation confirmation', async () => {
    const res = await send(BASE, 'POST', { company_id: fleet, price_id: monthly });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field?: string }).field).toBe('confirm');
  });

  it('refuses a trial end in the past or more than two years ahead', async () => {
    const body = { company_id: fleet, price_id: monthly, confirm: true };
    await expectError(await send(BASE, 'POST', { ...body, trial_end: inDays(-1) }), 400, {
      code: 'VALIDATION_ERROR',
      message: 'The trial end must be in the future.',
      field: 'trial_end',
    });
    await expectError(await send(BASE, 'POST', { ...body, trial_end: inDays(800) }), 400, {
      code: 'VALIDATION_ERROR',
      message: 'The trial end must be at most two years ahead.',
      field: 'trial_end',
    });
  });

  it('answers 409 for a company without a billing customer, 403 for one outside the tree', async () => {
    await expectError(await send(BASE, 'POST', { company_id: bare, price_id: monthly, confirm: true }), 409, {
      code: 'BILLING_NO_CUSTOMER',
      message: 'This company has no billing customer yet',
      field: 'company_id',
    });
    await expectError(await send(BASE, 'POST', { company_id: rivalCompany, price_id: monthly, confirm: true }), 403, {
      code: 'FORBIDDEN',
      message: FORBIDDEN,
      field: 'company_id',
    });
  });

  it('refuses a one-time price', async () => {
    await expectError(await send(BASE, 'POST', { company_id: fleet, price_id: oneTime, confirm: true }), 400, {
      code: 'VALIDATION_ERROR',
      message: 'A subscription needs a monthly or yearly price.',
      field: 'price_id',
    });
  });

  it('subscribes with a trial (free, trialing, activated) and sends the anchor day after the trial to Stripe', async () => {
    const trialEnd = new Date(Date.now() + 20 * 86_400_000);
    trialEnd.setUTCMilliseconds(0);
    const sub = await ok<Sub>(
      await send(BASE, 'POST', {
        company_id: fleet,
        price_id: monthly,
        trial_end: trialEnd.toISOString(),
        billing_cycle_anchor: 15,
        confirm: true,
      }),
      201,
    );
    expect(sub).toMatchObject({ company_id: fleet, status: 'trialing', free: true, billing_cycle_anchor: 15 });
    expect(sub.trial_end).toBe(trialEnd.toISOString());
    expect(sub.activated_at).not.toBeNull();
    const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id));
    const remote = await stripe().subscriptions.retrieve(row?.stripeSubscriptionId ?? '');
    expect(remote).toMatchObject({
      customer: customerStripe,
      status: 'trialing',
      metadata: { subscription_row: String(sub.id) },
    });
    // The local server compares a replayed idempotency key's parameters with the first request's:
    // the same key with the 15th after the trial answers the same subscription, another day is refused.
    const anchor = Math.floor(firstAnchorDate(15, trialEnd).getTime() / 1000);
    const params = {
      customer: customerStripe,
      items: [{ price: monthlyStripe, quantity: 1 }],
      collection_method: 'send_invoice' as const,
      days_until_due: 30,
      trial_end: Math.floor(trialEnd.getTime() / 1000),
      billing_cycle_anchor: anchor,
      metadata: { subscription_row: String(sub.id) },
    };
    const key = { idempotencyKey: `subscription:create:${sub.id}` };
    expect((await stripe().subscriptions.create(params, key)).id).toBe(remote.id);
    const other = await stripe()
      .subscriptions.create({ ...params, billing_cycle_anchor: anchor + 86_400 }, key)
      .catch((e: { type?: string }) => e);
    expect(other).toMatchObject({ type: 'StripeIdempotencyError' });
  });
});

describe('end of month', () => {
  it("sends billing_cycle_anchor_config day 31: Stripe anchors on this month's last day", async () => {
    const sub = await ok<Sub>(
      await send(BASE, 'POST', { company_id: fleet, price_id: monthly, billing_cycle_anchor: 'eom', confirm: true }),
      201,
    );
    expect(sub.billing_cycle_anchor).toBe('eom');
    const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id));
    const remote = await stripe().subscriptions.retrieve(row?.stripeSubscriptionId ?? '');
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(day(new Date(remote.billing_cycle_anchor * 1000))).toBe(day(firstAnchorDate('eom', new Date())));
  });
});

describe('a coupon', () => {
  it('goes to Stripe as the subscription discount, and can be removed', async () => {
    const coupon = await stripe().coupons.create({ percent_off: 10, duration: 'forever' });
    const [row] = await db
      .insert(billingCoupons)
      .values({
        ownerCompanyId: operator.company.id,
        stripeCouponId: coupon.id,
        name: 'Ten',
        percentOff: 10,
        duration: 'forever',
      })
      .returning();
    const sub = await ok<Sub & { coupon_id: number | null }>(
      await send(BASE, 'POST', { company_id: fleet, price_id: monthly, coupon_id: row?.id, confirm: true }),
      201,
    );
    expect(sub.coupon_id).toBe(row?.id);
    const [kept] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id));
    const stripeId = kept?.stripeSubscriptionId ?? '';
    // One discount at Stripe (a discount id, unexpanded), gone once the coupon is removed.
    const discounted = await stripe().subscriptions.retrieve(stripeId);
    expect(discounted.discounts).toEqual([expect.stringMatching(/^di_/)]);
    const removed = await ok<Sub & { coupon_id: number | null }>(
      await send(`${BASE}/${sub.id}`, 'PUT', { coupon_id: null }),
    );
    expect(removed.coupon_id).toBeNull();
    expect((await stripe().subscriptions.retrieve(stripeId)).discounts).toEqual([]);
  });
});

describe('update, cancel and lists', () => {
  let sub: Sub;
  beforeAll(async () => {
    sub = await ok<Sub>(await send(BASE, 'POST', { company_id: fleet, price_id: monthly, confirm: true }), 201);
  });

  it('is active at once for a customer paying by transfer (the invoice is sent)', () => {
    expect(sub).toMatchObject({ status: 'active', free: false, cancel_at_period_end: false });
    expect(sub.activated_at).not.toBeNull();
    expect(sub.expire_at).not.toBeNull();
  });

  it('changes the quantity at Stripe', async () => {
    const updated = await ok<Sub>(await send(`${BASE}/${sub.id}`, 'PUT', { quantity: 3 }));
    expect(updated.quantity).toBe(3);
    const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id));
    const remote = await stripe().subscriptions.retrieve(row?.stripeSubscriptionId ?? '');
    expect(remote.items.data[0]?.quantity).toBe(3);
  });

  it('lists it in all, active and by company; another operator sees none of it', async () => {
    const all = await ok<Page>(await send(`${BASE}?company_id=${fleet}&items_per_page=100`, 'GET'));
    expect(all.data.map((x) => x.id)).toContain(sub.id);
    const act = await ok<Page>(await send(`${BASE}/active?items_per_page=100`, 'GET'));
    expect(act.data.map((x) => x.id)).toContain(sub.id);
    const grouped = await ok<{ data: { company_id: number; subscriptions: Sub[] }[] }>(
      await send(`${BASE}/active/by-company`, 'GET'),
    );
    const group = grouped.data.find((g) => g.company_id === fleet);
    expect(group?.subscriptions.map((x) => x.id)).toContain(sub.id);
    expect((await ok<Page>(await send(BASE, 'GET', undefined, rival))).total).toBe(0);
    const notFound = { code: 'SUBSCRIPTION_NOT_FOUND', message: 'The subscription does not exist.' };
    await expectError(await send(`${BASE}/${sub.id}`, 'PUT', { quantity: 1 }, rival), 404, notFound);
    await expectError(await send(`${BASE}/${sub.id}`, 'DELETE', undefined, rival), 404, notFound);
  });

  it('refuses a caller without billing:admin', async () => {
    await expectError(await send(BASE, 'GET', undefined, viewer), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
  });

  it('cancels at the period end, then now; a second cancel changes nothing', async () => {
    const later = await ok<Sub>(await send(`${BASE}/${sub.id}`, 'DELETE'));
    expect(later).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const now = await ok<Sub>(await send(`${BASE}/${sub.id}?at_period_end=false`, 'DELETE'));
    expect(now.status).toBe('canceled');
    expect(now.canceled_at).not.toBeNull();
    expect(now.activated_at).toBe(sub.activated_at);
    expect(await ok<Sub>(await send(`${BASE}/${sub.id}?at_period_end=false`, 'DELETE'))).toEqual(now);
    await expectError(await send(`${BASE}/${sub.id}`, 'PUT', { quantity: 1 }), 409, {
      code: 'SUBSCRIPTION_ENDED',
      message: 'The subscription is cancelled and cannot change any more.',
    });
    const act = await ok<Page>(await send(`${BASE}/active?items_per_page=100`, 'GET'));
    expect(act.data.map((x) => x.id)).not.toContain(sub.id);
  });
});

describe('a paid fleet subscription contract', () => {
  it('is bought as a Stripe subscription of the company customer, renewal as cancel_at_period_end', async () => {
    const manager = await createUser(
      db,
      {
        companyId: fleet,
        email: `${unique('m')}@example.test`,
        password: operator.password,
        roles: [ROLE.FLEET_MANAGER_MANAGE_USERS],
      },
      { iterations: 1000 },
    );
    const driver = await createUser(db, { companyId: fleet, email: `${unique('d')}@example.test` });
    const [contract] = await db
      .insert(subscriptionContracts)
      .values({ companyId: fleet, name: unique('Plus'), priceMinor: 999, durationMonths: 1, active: true })
      .returning();
    const m = await login(manager.email, operator.password);
    const held = await ok<{ id: number; status: string; autorenew: boolean }>(
      await send(`/users/${driver.id}/subscription-contracts/${contract?.id}/buy`, 'POST', undefined, m),
      201,
    );
    expect(held).toMatchObject({ status: 'active', autorenew: false });
    const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userContractId, held.id));
    expect(row).toMatchObject({ companyId: fleet, status: 'active', cancelAtPeriodEnd: true });
    const remote = await stripe().subscriptions.retrieve(row?.stripeSubscriptionId ?? '');
    expect(remote).toMatchObject({ customer: customerStripe, cancel_at_period_end: true });
    expect(remote.items.data[0]?.price).toMatchObject({
      unit_amount: 999,
      recurring: { interval: 'month', interval_count: 1 },
    });
    await ok(
      await send(`/users/${driver.id}/subscription-contracts/${contract?.id}/autorenew/true`, 'POST', undefined, m),
    );
    expect((await stripe().subscriptions.retrieve(row?.stripeSubscriptionId ?? '')).cancel_at_period_end).toBe(false);
  });
});
