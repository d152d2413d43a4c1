/**
 * Stripe webhooks (issue 17 §9) inside workerd: events signed here with the SDK and the test secret,
 * sent to POST /api/stripe/webhook; refused unsigned, tampered, wrongly signed or stale (nothing
 * stored), applied exactly once, tolerant of out-of-order delivery; and the webhook log, scoped to
 * the caller's connected accounts.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { createApi } from '@api/app';
import { stripeCryptoProvider } from '@api/lib/stripe';
import {
  billingAccounts,
  billingCustomers,
  billingInvoices,
  billingPrices,
  billingProducts,
  billingSubscriptions,
  stripeEvents,
} from '@db/schema';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, call, db, expectError, login, type Session, sql, unique, world } from './helpers';

const SECRET = env.STRIPE_WEBHOOK_SECRET ?? '';
const NOW = () => Math.floor(Date.now() / 1000);

interface Ev {
  id: string;
  type: string;
  created: number;
  account?: string;
  object: Record<string, unknown>;
}

const payloadOf = (e: Ev) =>
  JSON.stringify({
    id: e.id,
    object: 'event',
    api_version: '2025-09-30.clover',
    type: e.type,
    created: e.created,
    ...(e.account ? { account: e.account } : {}),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: e.object },
  });

const header = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp,
    cryptoProvider: stripeCryptoProvider,
  });

async function deliver(payload: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['stripe-signature'] = signature;
  return fetchApi(new Request(`${BASE}/api/stripe/webhook`, { method: 'POST', headers, body: payload }));
}

/** Through the API app itself, so a test can change its bindings (no webhook secret). */
async function fetchApi(request: Request, bindings: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const res = await createApi().fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const send = async (e: Ev) => {
  const payload = payloadOf(e);
  return deliver(payload, await header(payload));
};
const stored = (id: string) => db.select().from(stripeEvents).where(eq(stripeEvents.id, id)).get();
const invoiceRow = (id: string) =>
  db.select().from(billingInvoices).where(eq(billingInvoices.stripeInvoiceId, id)).get();

const invoice = (id: string, customer: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'invoice',
  customer,
  status,
  number: `INV-${id}`,
  currency: 'eur',
  subtotal: 10_000,
  total: 12_200,
  total_excluding_tax: 10_000,
  total_taxes: [
    {
      amount: 2_200,
      tax_behavior: 'exclusive',
      taxability_reason: null,
      taxable_amount: 10_000,
      type: 'tax_rate_details',
    },
  ],
  amount_due: 12_200,
  amount_paid: status === 'paid' ? 12_200 : 0,
  attempt_count: 1,
  next_payment_attempt: null,
  period_start: NOW() - 86_400,
  period_end: NOW(),
  hosted_invoice_url: `https://invoice.example.test/${id}`,
  invoice_pdf: `https://invoice.example.test/${id}.pdf`,
  status_transitions: {
    paid_at: status === 'paid' ? NOW() : null,
    finalized_at: null,
    marked_uncollectible_at: null,
    voided_at: null,
  },
  parent: null,
  ...extra,
});

let operator: { companyId: number; account: string; customer: string; customerId: number };
let other: { companyId: number; account: string; customer: string };
let admin: Session;
let otherAdmin: Session;
let superUser: Session;

/** An operator with a connected account and one customer (a fleet company it bills), and its role-42 user. */
async function operatorWorld() {
  const w = await world({
    roles: [ROLE.PAYMENT_PROVIDER_ADMIN],
    company: { services: [SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING, SERVICE.PAYMENT_PROVIDER_CUSTOMER_BILLING] },
  });
  const account = unique('acct').replaceAll('-', '_');
  const customer = unique('cus').replaceAll('-', '_');
  await db.insert(billingAccounts).values({ companyId: w.company.id, stripeAccountId: account, state: 'pending' });
  const [row] = await db
    .insert(billingCustomers)
    .values({ companyId: w.company.id, ownerCompanyId: w.company.id, stripeCustomerId: customer, name: 'Fleet' })
    .returning();
  if (!row) throw new Error('no customer');
  return {
    companyId: w.company.id,
    account,
    customer,
    customerId: row.id,
    session: await login(w.email, w.password, w.ip),
  };
}

beforeAll(async () => {
  const a = await operatorWorld();
  const b = await operatorWorld();
  operator = a;
  other = b;
  admin = a.session;
  otherAdmin = b.session;
  const s = await world({
    roles: [ROLE.SUPER_USER],
    company: { services: [SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING] },
  });
  superUser = await login(s.email, s.password, s.ip);
}, 60_000);

describe('POST /api/stripe/webhook: the signature', () => {
  it('applies a validly signed event: an invoice of a known customer is recorded with its totals', async () => {
    const id = unique('evt_valid');
    const res = await send({
      id,
      type: 'invoice.paid',
      created: NOW(),
      account: operator.account,
      object: invoice('in_valid', operator.customer, 'paid'),
    });
    expect([res.status, await res.json()]).toEqual([200, { received: true, outcome: 'applied' }]);
    expect(await stored(id)).toMatchObject({
      outcome: 'applied',
      deliveries: 1,
      account: operator.account,
      objectId: 'in_valid',
    });
    expect(await invoiceRow('in_valid')).toMatchObject({
      kind: 'one_time',
      status: 'paid',
      companyId: operator.companyId,
      ownerCompanyId: operator.companyId,
      customerId: operator.customerId,
      total: 12_200,
      tax: 2_200,
      amountPaid: 12_200,
      hostedInvoiceUrl: 'https://invoice.example.test/in_valid',
    });
  });

  it('refuses a tampered body, a wrong secret, a stale timestamp and a missing header with 400, storing nothing', async () => {
    const id = unique('evt_refused');
    const payload = payloadOf({
      id,
      type: 'invoice.paid',
      created: NOW(),
      object: invoice('in_refused', operator.customer, 'paid'),
    });
    const tampered = payload.replace('"amount_paid":12200', '"amount_paid":1');
    expect(tampered).not.toBe(payload);
    const cases = [
      await deliver(tampered, await header(payload)),
      await deliver(payload, await header(payload, { secret: 'whsec_someone_else' })),
      await deliver(payload, await header(payload, { timestamp: NOW() - 301 })),
      await deliver(payload),
    ];
    for (const res of cases)
      await expectError(res, 400, {
        code: 'STRIPE_SIGNATURE_INVALID',
        message: 'The event signature is invalid or too old.',
      });
    expect(await stored(id)).toBeUndefined();
    expect(await invoiceRow('in_refused')).toBeUndefined();
  });

  it('answers 503 without a webhook secret', async () => {
    const payload = payloadOf({ id: unique('evt_nosecret'), type: 'invoice.paid', created: NOW(), object: {} });
    const res = await fetchApi(
      new Request(`${BASE}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': await header(payload) },
        body: payload,
      }),
      { STRIPE_WEBHOOK_SECRET: undefined },
    );
    await expectError(res, 503, {
      code: 'BILLING_NOT_CONFIGURED',
      message: 'Billing is not available: no payment provider key is configured.',
    });
  });
});

describe('POST /api/stripe/webhook: exactly once, in order', () => {
  it('applies the same event once: the replay is acknowledged, counted, and changes nothing', async () => {
    const e: Ev = {
      id: unique('evt_twice'),
      type: 'invoice.finalized',
      created: NOW(),
      account: operator.account,
      object: invoice('in_twice', operator.customer, 'open'),
    };
    expect((await (await send(e)).json()) as object).toEqual({ received: true, outcome: 'applied' });
    const first = await invoiceRow('in_twice');
    const firstEvent = await stored(e.id);
    // Between the deliveries someone else moves the row; a second apply would move it back.
    await sql('UPDATE billing_invoices SET attempt_count = 7 WHERE stripe_invoice_id = ?', 'in_twice');
    const again = await send(e);
    expect([again.status, await again.json()]).toEqual([200, { received: true, outcome: 'duplicate' }]);
    expect(await stored(e.id)).toMatchObject({ outcome: 'applied', deliveries: 2, appliedAt: firstEvent?.appliedAt });
    expect(await invoiceRow('in_twice')).toMatchObject({ id: first?.id, attemptCount: 7 });
    const rows = await db.select().from(billingInvoices).where(eq(billingInvoices.stripeInvoiceId, 'in_twice'));
    expect(rows).toHaveLength(1);
  });

  it('keeps an invoice paid when an older invoice.updated (open) arrives after invoice.paid', async () => {
    const t = NOW();
    await send({
      id: unique('evt_paid'),
      type: 'invoice.paid',
      created: t,
      account: operator.account,
      object: invoice('in_order', operator.customer, 'paid'),
    });
    const late = unique('evt_late_open');
    const res = await send({
      id: late,
      type: 'invoice.updated',
      created: t - 30,
      account: operator.account,
      object: invoice('in_order', operator.customer, 'open', { amount_paid: 0 }),
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'stale' });
    expect(await invoiceRow('in_order')).toMatchObject({ status: 'paid', amountPaid: 12_200, stripeEventAt: t });
    expect(await stored(late)).toMatchObject({ outcome: 'stale' });
    // Same second: open after paid is a regression and does not win either.
    const tie = await send({
      id: unique('evt_tie'),
      type: 'invoice.updated',
      created: t,
      account: operator.account,
      object: invoice('in_order', operator.customer, 'open'),
    });
    expect(await tie.json()).toEqual({ received: true, outcome: 'stale' });
    expect((await invoiceRow('in_order'))?.status).toBe('paid');
  });

  it('stores and ignores a type we do not handle, and a checkout session that names no wallet top-up', async () => {
    const id = unique('evt_unknown');
    const res = await send({
      id,
      type: 'charge.refunded',
      created: NOW(),
      account: operator.account,
      object: { id: 'ch_1', object: 'charge' },
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await stored(id)).toMatchObject({
      outcome: 'ignored',
      reason: 'Event type charge.refunded is not handled',
      objectId: 'ch_1',
    });
    const checkout = unique('evt_checkout');
    await send({
      id: checkout,
      type: 'checkout.session.completed',
      created: NOW(),
      object: { id: 'cs_1', object: 'checkout.session' },
    });
    expect((await stored(checkout))?.reason).toBe('Names no wallet top-up');
  });

  it('answers 500 when applying fails, and applies the event when Stripe delivers it again', async () => {
    await sql(
      `CREATE TRIGGER test_refuse_invoice BEFORE INSERT ON billing_invoices WHEN NEW.stripe_invoice_id = 'in_fail'
       BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    const e: Ev = {
      id: unique('evt_fail'),
      type: 'invoice.created',
      created: NOW(),
      account: operator.account,
      object: invoice('in_fail', operator.customer, 'draft'),
    };
    try {
      const res = await send(e);
      await expectError(res, 500, { code: 'STRIPE_EVENT_FAILED', message: 'Whoops! Something went wrong, try again' });
      expect(await stored(e.id)).toMatchObject({
        outcome: 'failed',
        error: expect.stringContaining('refused by the test'),
      });
      expect(await invoiceRow('in_fail')).toBeUndefined();
    } finally {
      await sql('DROP TRIGGER test_refuse_invoice');
    }
    const again = await send(e);
    expect([again.status, await again.json()]).toEqual([200, { received: true, outcome: 'applied' }]);
    expect(await stored(e.id)).toMatchObject({ outcome: 'applied', deliveries: 2, error: null });
    expect(await invoiceRow('in_fail')).toMatchObject({ status: 'draft', kind: 'one_time' });
  });

  it('ignores an invoice of a customer another operator holds, sent from this account', async () => {
    const id = unique('evt_foreign');
    await send({
      id,
      type: 'invoice.created',
      created: NOW(),
      account: operator.account,
      object: invoice('in_foreign', other.customer, 'draft'),
    });
    expect(await stored(id)).toMatchObject({ outcome: 'ignored', reason: 'Invoice customer unknown to us' });
    expect(await invoiceRow('in_foreign')).toBeUndefined();
  });

  it('sets the account flags and onboarding state, and activates a subscription once', async () => {
    await send({
      id: unique('evt_account'),
      type: 'account.updated',
      created: NOW(),
      account: operator.account,
      object: {
        id: operator.account,
        object: 'account',
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
      },
    });
    expect(
      await db.select().from(billingAccounts).where(eq(billingAccounts.companyId, operator.companyId)).get(),
    ).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      state: 'done',
    });
    const [product] = await db
      .insert(billingProducts)
      .values({ ownerCompanyId: operator.companyId, name: 'Plan', country: 'FR', type: 'recurring' })
      .returning();
    const [price] = await db
      .insert(billingPrices)
      .values({
        ownerCompanyId: operator.companyId,
        productId: product?.id ?? 0,
        unitAmount: 900,
        currency: 'eur',
        interval: 'month',
      })
      .returning();
    const subId = unique('sub').replaceAll('-', '_');
    await db.insert(billingSubscriptions).values({
      ownerCompanyId: operator.companyId,
      companyId: operator.companyId,
      customerId: operator.customerId,
      priceId: price?.id ?? 0,
      stripeSubscriptionId: subId,
      name: 'Plan',
    });
    const t = NOW();
    const sub = (status: string, extra: Record<string, unknown> = {}) => ({
      id: subId,
      object: 'subscription',
      status,
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: t + 30 * 86_400 }] },
      trial_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ...extra,
    });
    await send({
      id: unique('evt_sub_active'),
      type: 'customer.subscription.updated',
      created: t,
      account: operator.account,
      object: sub('active'),
    });
    const active = await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.stripeSubscriptionId, subId))
      .get();
    expect(active).toMatchObject({
      status: 'active',
      activatedAt: new Date(t * 1000),
      currentPeriodEnd: new Date((t + 30 * 86_400) * 1000),
    });
    await send({
      id: unique('evt_sub_deleted'),
      type: 'customer.subscription.deleted',
      created: t + 60,
      account: operator.account,
      object: sub('canceled', { canceled_at: t + 60 }),
    });
    expect(
      await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.stripeSubscriptionId, subId)).get(),
    ).toMatchObject({
      status: 'canceled',
      canceledAt: new Date((t + 60) * 1000),
      activatedAt: new Date(t * 1000),
    });
  });
});

describe('GET /api/stripe/webhooks/events: the log', () => {
  let mine: string;
  let theirs: string;
  let platform: string;

  beforeAll(async () => {
    mine = unique('evt_log_mine');
    theirs = unique('evt_log_theirs');
    platform = unique('evt_log_platform');
    await send({
      id: mine,
      type: 'payout.paid',
      created: NOW(),
      account: operator.account,
      object: {
        id: unique('po'),
        object: 'payout',
        amount: 5_000,
        currency: 'eur',
        status: 'paid',
        arrival_date: NOW(),
      },
    });
    await send({
      id: theirs,
      type: 'payout.paid',
      created: NOW(),
      account: other.account,
      object: {
        id: unique('po'),
        object: 'payout',
        amount: 7_000,
        currency: 'eur',
        status: 'paid',
        arrival_date: NOW(),
      },
    });
    await send({ id: platform, type: 'balance.available', created: NOW(), object: { object: 'balance' } });
  });

  const ids = async (session: Session, query = '') => {
    const res = await call(`/stripe/webhooks/events${query}`, { cookie: session.cookie, ip: session.ip });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { id: string; outcome: string }[]; total: number; types: string[] };
    return body;
  };

  it("lists the operator's own events only, filtered by type and outcome", async () => {
    const page = await ids(admin, '?items_per_page=100');
    const listed = page.data.map((e) => e.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(theirs);
    expect(listed).not.toContain(platform);
    expect(page.types).toContain('payout.paid');
    expect(page.types).not.toContain('balance.available');
    const payouts = await ids(admin, '?type=payout.paid');
    expect(payouts.data.map((e) => e.id)).toEqual([mine]);
    const stale = await ids(admin, '?outcome=stale');
    expect(stale.data.every((e) => e.outcome === 'stale')).toBe(true);
    expect(stale.total).toBe(2);
    const byObject = await ids(admin, '?q=in_order');
    expect(byObject.data.length).toBe(3);
    expect((await ids(admin, `?q=${mine}`)).data.map((e) => e.id)).toEqual([mine]);
    expect((await ids(admin, `?q=${theirs}`)).total).toBe(0);
    const two = await ids(admin, '?items_per_page=2&page=1');
    expect(two.data).toHaveLength(2);
    expect(two.total).toBe(page.total);
  });

  it("shows an event's payload, and answers another operator's event as one that does not exist", async () => {
    const res = await call(`/stripe/webhooks/events/${mine}`, { cookie: admin.cookie, ip: admin.ip });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as {
      payload: { id: string; data: { object: { amount: number } } };
      outcome: string;
    };
    expect(detail).toMatchObject({ outcome: 'applied', payload: { id: mine, data: { object: { amount: 5_000 } } } });
    for (const id of [theirs, platform, 'evt_nowhere'])
      await expectError(await call(`/stripe/webhooks/events/${id}`, { cookie: admin.cookie, ip: admin.ip }), 404, {
        code: 'STRIPE_EVENT_NOT_FOUND',
        message: 'Not found',
      });
    const theirsList = await ids(otherAdmin, '?items_per_page=100');
    expect(theirsList.data.map((e) => e.id)).toEqual([theirs]);
  });

  it('shows platform events to super users', async () => {
    const res = await call(`/stripe/webhooks/events/${platform}`, { cookie: superUser.cookie, ip: superUser.ip });
    expect(res.status).toBe(200);
  });

  it('refuses callers without billing:admin', async () => {
    const w = await world({ roles: [ROLE.PAYMENT_PROVIDER_ADMIN] });
    const s = await login(w.email, w.password, w.ip);
    const res = await call('/stripe/webhooks/events', { cookie: s.cookie, ip: s.ip });
    expect(res.status).toBe(403);
  });
});
