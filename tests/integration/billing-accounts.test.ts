/**
 * Stripe Connect onboarding, payouts, customers and payment methods (issue 17 parts 3 and 4) inside
 * workerd, against the workers project's local Stripe-compatible server: the onboarding started once
 * per company (a second start reuses the account), left, resumed, completed on the server's dev page
 * and read back as done; collection method; payouts; the account deleted. A billed company's customer
 * created once with its EU VAT number (format and country checked first), payment methods added
 * through Checkout in setup mode on the server's dev page (success, processing, declined then left),
 * made default, detached; the first method made the default by Stripe's webhook when the user never
 * comes back, once whichever path runs. Another company's ids answer 404; a caller without role 42 gets 403.
 */
import { env } from 'cloudflare:test';
import { stripeClient, stripeCryptoProvider } from '@api/lib/stripe';
import { makeFirstDefault } from '@api/routes/stripe/customer/customer.first-default';
import { auditLog, billingAccounts, billingCustomers, companies } from '@db/schema';
import { createCompany, createUser } from '@db/seed/factories';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
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
  company: {
    services: [SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING, SERVICE.PAYMENT_PROVIDER_CUSTOMER_BILLING],
  },
};

interface Account {
  company_id: number;
  stripe_account_id: string | null;
  state: string;
  collection_method: string;
  notice: { incomplete: boolean; action: string | null };
}
interface Link {
  account: Account;
  url: string;
}
interface Customer {
  id: number;
  company_id: number;
  stripe_customer_id: string | null;
  tax_id: string | null;
  tax_id_country: string | null;
}
interface Method {
  id: string;
  type: string;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  bank_code: string | null;
  default: boolean;
}
interface Methods {
  data: Method[];
  default_payment_method_id: string | null;
}

interface SetupStart {
  setup_intent_id: string;
  checkout_session_id: string;
  confirm_url: string;
  payment_method_types: string[];
}

let operator: World;
let s: Session;
let billed: { id: number };

const send = (path: string, method: string, json?: unknown, session = s) =>
  call(path, { cookie: session.cookie, ip: session.ip, method, ...(json === undefined ? {} : { json }) });
async function ok<T>(res: Response, status = 200): Promise<T> {
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status });
  return body as T;
}

/** Posts a choice on one of the local server's dev pages, as the browser's form would; answers the redirect. */
async function devChoice(pageUrl: string, fields: Record<string, string>) {
  const res = await fetch(pageUrl, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  expect([302, 303]).toContain(res.status);
  return new URL(res.headers.get('location') ?? '');
}

/** The customer's default payment method at Stripe, on the operator's connected account. */
async function remoteDefault(stripeCustomerId: string) {
  const account = (await ok<Account>(await send('/stripe/account', 'GET'))).stripe_account_id ?? '';
  const remote = await stripe().customers.retrieve(stripeCustomerId, {}, { stripeAccount: account });
  return 'invoice_settings' in remote ? remote.invoice_settings.default_payment_method : null;
}

beforeAll(async () => {
  operator = await world(BILLING);
  s = await login(operator.email, operator.password, operator.ip);
  billed = await createCompany(db, {
    name: unique('Fleet customer'),
    parentCompanyId: operator.company.id,
    email: 'billing@fleet.test',
    street: 'Rue de la Paix',
    streetNumber: '5',
    city: 'Paris',
    zip: '75002',
  });
});

describe('Connect onboarding', () => {
  it('starts once per company: the account and the link stored, a second start reusing the account', async () => {
    const first = await ok<Link>(await send('/stripe/account/onboard', 'POST', {}));
    expect(first.account).toMatchObject({ state: 'pending', notice: { incomplete: true, action: 'resume' } });
    expect(first.account.stripe_account_id).toMatch(/^acct_/);
    expect(new URL(first.url).pathname).toBe(`/dev/onboard/${first.account.stripe_account_id}`);
    const row = await db.select().from(billingAccounts).where(eq(billingAccounts.companyId, operator.company.id)).get();
    expect(row?.stripeAccountId).toBe(first.account.stripe_account_id);
    const company = await db.select().from(companies).where(eq(companies.id, operator.company.id)).get();
    expect(company?.stripeAccountId).toBe(first.account.stripe_account_id);

    const second = await ok<Link>(await send('/stripe/account/onboard', 'POST', {}));
    expect(second.account.stripe_account_id).toBe(first.account.stripe_account_id);
    expect(second.url).not.toBe(first.url);
    const remote = await stripe().accounts.retrieve(first.account.stripe_account_id ?? '');
    expect(remote.metadata?.company_id).toBe(String(operator.company.id));
  });

  it('left half-way is interrupted with a resume action; a fresh link (reauth) resumes it; completed it is done', async () => {
    const left = await ok<Account>(await send('/stripe/account/onboard/return', 'POST', { result: 'return' }));
    expect(left).toMatchObject({ state: 'interrupted', notice: { incomplete: true, action: 'resume' } });
    expect(await ok<Account>(await send('/stripe/account', 'GET'))).toMatchObject({ state: 'interrupted' });

    const fresh = await ok<Link>(await send('/stripe/account/onboard/refresh', 'POST', {}));
    expect(fresh.account.state).toBe('pending');
    const reauth = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stripe.account.reauth'), eq(auditLog.entityId, String(operator.company.id))))
      .get();
    expect(reauth).toBeDefined();

    const back = await devChoice(fresh.url, {
      link: new URL(fresh.url).searchParams.get('link') ?? '',
      choice: 'complete',
    });
    expect(back.pathname).toBe(`/stripe/onboard/${operator.company.id}`);
    expect(back.searchParams.get('result')).toBe('return');
    const done = await ok<Account>(await send('/stripe/account/onboard/return', 'POST', { result: 'return' }));
    expect(done).toMatchObject({ state: 'done', notice: { incomplete: false, action: null } });
  });

  it('sets the collection method, refusing another value', async () => {
    const body = { collection_method: 'send_invoice' };
    expect(await ok<Account>(await send('/stripe/account/collection-method', 'PUT', body))).toMatchObject(body);
    const bad = await send('/stripe/account/collection-method', 'PUT', { collection_method: 'cash' });
    expect(bad.status).toBe(400);
  });

  it('pays out to a user of the tree from the connected account, and reads its status by id', async () => {
    const created = await ok<{ id: number; stripe_payout_id: string; amount: number; status: string }>(
      await send(`/stripe/payout/${operator.user.id}`, 'POST', { amount: 1250, currency: 'eur' }),
      201,
    );
    expect(created).toMatchObject({ amount: 1250, stripe_payout_id: expect.stringMatching(/^po_/) });
    const account = (await ok<Account>(await send('/stripe/account', 'GET'))).stripe_account_id ?? '';
    const remote = await stripe().payouts.retrieve(created.stripe_payout_id, {}, { stripeAccount: account });
    expect(remote.amount).toBe(1250);
    const read = await ok<{ id: number; status: string }>(
      await send(`/stripe/payout/${operator.user.id}/id/${created.id}`, 'GET'),
    );
    expect(read).toMatchObject({ id: created.id, status: created.status });
  });

  it('deletes the account here and at Stripe; onboarding then starts from todo', async () => {
    const other = await world(BILLING);
    const session = await login(other.email, other.password, other.ip);
    const link = await ok<Link>(await send('/stripe/account/onboard', 'POST', {}, session));
    const deleted = await ok<Account>(await send('/stripe/account', 'DELETE', undefined, session));
    expect(deleted).toMatchObject({ state: 'todo', stripe_account_id: null, notice: { action: 'start' } });
    expect(
      await db.select().from(billingAccounts).where(eq(billingAccounts.companyId, other.company.id)).get(),
    ).toBeUndefined();
    await expect(stripe().accounts.retrieve(link.account.stripe_account_id ?? '')).rejects.toThrow();
    const again = await ok<Link>(await send('/stripe/account/onboard', 'POST', {}, session));
    expect(again.account.stripe_account_id).not.toBe(link.account.stripe_account_id);
  });
});

describe('customers and payment methods', () => {
  it('refuses a VAT number of the wrong format, and one without its country, creating nothing', async () => {
    await expectError(
      await send('/stripe/customer/onboard', 'POST', {
        company_id: billed.id,
        tax_id: 'DE12345678',
        tax_id_country: 'DE',
      }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'The VAT number does not have a valid European format, e.g. FR40123456824.',
        field: 'tax_id',
      },
    );
    await expectError(
      await send('/stripe/customer/onboard', 'POST', { company_id: billed.id, tax_id: 'FR40123456824' }),
      400,
      { code: 'VALIDATION_FAILED', message: 'Select the tax id country.', field: 'tax_id_country' },
    );
    expect(
      await db.select().from(billingCustomers).where(eq(billingCustomers.companyId, billed.id)).get(),
    ).toBeUndefined();
  });

  it('creates the customer once, on the operator’s account, with its EU VAT number', async () => {
    const body = { company_id: billed.id, tax_id: 'FR40123456824', tax_id_country: 'FR' };
    const created = await ok<Customer>(await send('/stripe/customer/onboard', 'POST', body), 201);
    expect(created).toMatchObject({ company_id: billed.id, tax_id: 'FR40123456824', tax_id_country: 'FR' });
    expect(created.stripe_customer_id).toMatch(/^cus_/);
    const again = await ok<Customer>(await send('/stripe/customer/onboard', 'POST', body), 200);
    expect(again.stripe_customer_id).toBe(created.stripe_customer_id);
    const account = (await ok<Account>(await send('/stripe/account', 'GET'))).stripe_account_id ?? '';
    const taxIds = await stripe().customers.listTaxIds(
      created.stripe_customer_id ?? '',
      {},
      { stripeAccount: account },
    );
    expect(taxIds.data.map((t) => [t.type, t.value])).toEqual([['eu_vat', 'FR40123456824']]);
    const company = await db.select().from(companies).where(eq(companies.id, billed.id)).get();
    expect(company?.stripeCustomerId).toBe(created.stripe_customer_id);
    const page = await ok<{ data: Customer[]; total: number }>(
      await send(`/stripe/customer/all?keyword=${encodeURIComponent('fleet customer')}`, 'GET'),
    );
    expect(page.data.map((c) => c.company_id)).toContain(billed.id);
  });

  it('replaces the tax id, the country still mandatory', async () => {
    await expectError(
      await send('/stripe/customer/tax-id', 'PUT', { company_id: billed.id, tax_id: 'DE123456789' }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'Select the tax id country.',
        field: 'tax_id_country',
      },
    );
    const body = { company_id: billed.id, tax_id: 'DE123456789', tax_id_country: 'DE' };
    expect(await ok<Customer>(await send('/stripe/customer/tax-id', 'PUT', body))).toMatchObject({
      tax_id: 'DE123456789',
    });
  });

  it('adds a card through Checkout in setup mode, makes it default, then detaches it', async () => {
    const intent = await ok<SetupStart>(await send('/stripe/customer/setup-intent', 'POST', { company_id: billed.id }));
    expect(intent.payment_method_types).toEqual(['card', 'sepa_debit']);
    // The Checkout Session's own page (Stripe's in production, the local server's here), its SetupIntent ours.
    expect(intent.confirm_url).toBe(`${env.STRIPE_API_BASE}/dev/checkout/${intent.checkout_session_id}`);
    const account = (await ok<Account>(await send('/stripe/account', 'GET'))).stripe_account_id ?? '';
    const session = await stripe().checkout.sessions.retrieve(
      intent.checkout_session_id,
      {},
      { stripeAccount: account },
    );
    expect(session).toMatchObject({ mode: 'setup', currency: 'eur', setup_intent: intent.setup_intent_id });
    const pageHtml = await (await fetch(intent.confirm_url)).text();
    for (const label of ['Success', 'Processing', 'Failed']) expect(pageHtml).toContain(`>${label}</button>`);
    const back = await devChoice(intent.confirm_url, { choice: 'success', kind: 'card' });
    expect(back.pathname).toBe(`/stripe/customers/onboard/${billed.id}`);
    expect(back.searchParams.get('checkout_session')).toBe(intent.checkout_session_id);

    const result = await ok<{ result: string; payment_method: Method }>(
      await send('/stripe/customer/setup-intent/checkout-result', 'POST', {
        company_id: billed.id,
        checkout_session_id: back.searchParams.get('checkout_session'),
      }),
    );
    expect(result.result).toBe('success');
    expect(result.payment_method).toMatchObject({ type: 'card', brand: 'visa', last4: '4242', exp_month: 12 });
    const pm = result.payment_method.id;

    // The customer's first method becomes its default, here and at Stripe (what a subscription charges).
    expect(result.payment_method.default).toBe(true);
    const listed = await ok<Methods>(await send(`/stripe/customer/payment-method?company_id=${billed.id}`, 'GET'));
    expect(listed).toEqual({
      data: [expect.objectContaining({ id: pm, default: true })],
      default_payment_method_id: pm,
    });
    const billedCustomer = await ok<Customer>(await send(`/stripe/customer?company_id=${billed.id}`, 'GET'));
    expect(await remoteDefault(billedCustomer.stripe_customer_id ?? '')).toBe(pm);

    const made = await ok<Methods>(
      await send('/stripe/customer/payment-method', 'PUT', { payment_method_id: pm, default: true }),
    );
    expect(made.data[0]).toMatchObject({ id: pm, default: true });
    expect(await remoteDefault(billedCustomer.stripe_customer_id ?? '')).toBe(pm);

    const removed = await ok<Methods>(await send(`/stripe/customer/payment-method/${pm}`, 'DELETE'));
    expect(removed).toEqual({ data: [], default_payment_method_id: null });
    expect((await stripe().paymentMethods.retrieve(pm, {}, { stripeAccount: account })).customer).toBeNull();
  });

  it('a SEPA debit still processing at the bank is processing, attached with its bank code', async () => {
    const intent = await ok<SetupStart>(await send('/stripe/customer/setup-intent', 'POST', { company_id: billed.id }));
    const back = await devChoice(intent.confirm_url, { choice: 'processing', kind: 'sepa_debit' });
    const result = await ok<{ result: string; payment_method: Method }>(
      await send('/stripe/customer/setup-intent/checkout-result', 'POST', {
        company_id: billed.id,
        checkout_session_id: back.searchParams.get('checkout_session'),
      }),
    );
    expect(result).toEqual({
      result: 'processing',
      payment_method: expect.objectContaining({ type: 'sepa_debit', last4: '3000', bank_code: '37040044' }),
    });
    await ok<Methods>(await send(`/stripe/customer/payment-method/${result.payment_method.id}`, 'DELETE'));
  });

  it('a declined attempt then leaving Checkout is failed, with no payment method', async () => {
    const intent = await ok<SetupStart>(await send('/stripe/customer/setup-intent', 'POST', { company_id: billed.id }));
    // Declined: Checkout's page stays, the attempt's error recorded; the user then leaves (cancel).
    const declined = await fetch(intent.confirm_url, {
      method: 'POST',
      body: new URLSearchParams({ choice: 'failed', kind: 'card' }),
      redirect: 'manual',
    });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('declined');
    const back = await devChoice(intent.confirm_url, { choice: 'cancel' });
    expect(`${back.pathname}${back.search}`).toBe(`/stripe/customers/onboard/${billed.id}?checkout=cancelled`);
    const result = await ok<{ result: string; payment_method: Method | null }>(
      await send(`/stripe/customer/setup-intent/${intent.setup_intent_id}/result`, 'POST'),
    );
    expect(result).toEqual({ result: 'failed', payment_method: null });
    expect(
      await ok(
        await send('/stripe/customer/setup-intent/checkout-result', 'POST', {
          company_id: billed.id,
          checkout_session_id: intent.checkout_session_id,
        }),
      ),
    ).toEqual({ result: 'failed', payment_method: null });
  });

  it('answers a Checkout session that is not this customer’s setup as unknown (404)', async () => {
    // One that exists nowhere, and a real setup session of another customer on another account.
    const elsewhere = await stripe().checkout.sessions.create({
      mode: 'setup',
      customer: (await stripe().customers.create({})).id,
      currency: 'eur',
      success_url: 'http://127.0.0.1/elsewhere',
    });
    for (const checkout_session_id of ['cs_test_made_up', elsewhere.id]) {
      await expectError(
        await send('/stripe/customer/setup-intent/checkout-result', 'POST', {
          company_id: billed.id,
          checkout_session_id,
        }),
        404,
        { code: 'SETUP_INTENT_NOT_FOUND', message: 'Not found' },
      );
    }
  });
});

describe('the first default from Stripe’s webhook, when the user never comes back from Checkout', () => {
  /** A fresh billed company whose customer completed Checkout ("Success") without visiting the return page. */
  async function setUpWithoutReturning() {
    const company = await createCompany(db, { name: unique('Closed tab'), parentCompanyId: operator.company.id });
    const customer = await ok<Customer>(
      await send('/stripe/customer/onboard', 'POST', { company_id: company.id }),
      201,
    );
    const intent = await ok<SetupStart>(
      await send('/stripe/customer/setup-intent', 'POST', { company_id: company.id }),
    );
    await devChoice(intent.confirm_url, { choice: 'success', kind: 'card' });
    const account = (await ok<Account>(await send('/stripe/account', 'GET'))).stripe_account_id ?? '';
    const pm = (await stripe().setupIntents.retrieve(intent.setup_intent_id, {}, { stripeAccount: account }))
      .payment_method as string;
    const row = await db.select().from(billingCustomers).where(eq(billingCustomers.id, customer.id)).get();
    expect(row?.defaultPaymentMethodId).toBeNull();
    return { company, customer, intent, account, pm };
  }

  /** The event the local server made for `objectId`, signed and delivered to the webhook as Stripe would. */
  async function deliverEvent(type: string, objectId: string, account: string) {
    const events = await stripe().events.list({ type, limit: 100 }, { stripeAccount: account });
    const event = events.data.find((e) => (e.data.object as { id: string }).id === objectId);
    if (!event) throw new Error(`no ${type} for ${objectId}`);
    const payload = JSON.stringify(event);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: env.STRIPE_WEBHOOK_SECRET ?? '',
      cryptoProvider: stripeCryptoProvider,
    });
    const res = await call('/stripe/webhook', { raw: payload, headers: { 'stripe-signature': signature } });
    return ok<{ outcome: string }>(res);
  }

  const defaultAudits = (customerId: number) =>
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'stripe.payment_method.default'),
          eq(auditLog.entity, 'billing_customer'),
          eq(auditLog.entityId, String(customerId)),
        ),
      );

  it('setup_intent.succeeded makes the method the default once; Checkout’s event and a late return change nothing', async () => {
    const { company, customer, intent, account, pm } = await setUpWithoutReturning();
    expect(await deliverEvent('setup_intent.succeeded', intent.setup_intent_id, account)).toMatchObject({
      outcome: 'applied',
    });
    const row = await db.select().from(billingCustomers).where(eq(billingCustomers.id, customer.id)).get();
    expect(row?.defaultPaymentMethodId).toBe(pm);
    expect(await remoteDefault(customer.stripe_customer_id ?? '')).toBe(pm);
    const audits = await defaultAudits(customer.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: null });
    expect(JSON.parse(audits[0]?.detailJson ?? '{}')).toMatchObject({ from: null, to: pm });

    // Checkout's own event in setup mode, then the user's late return: the same default, recorded once.
    expect(await deliverEvent('checkout.session.completed', intent.checkout_session_id, account)).toMatchObject({
      outcome: 'ignored',
    });
    const late = await ok<{ result: string; payment_method: Method }>(
      await send('/stripe/customer/setup-intent/checkout-result', 'POST', {
        company_id: company.id,
        checkout_session_id: intent.checkout_session_id,
      }),
    );
    expect(late).toMatchObject({ result: 'success', payment_method: { id: pm, default: true } });
    expect(await defaultAudits(customer.id)).toHaveLength(1);
  });

  it('two paths racing (both read no default) change the row and audit it once', async () => {
    const { customer, account, pm } = await setUpWithoutReturning();
    const row = await db.select().from(billingCustomers).where(eq(billingCustomers.id, customer.id)).get();
    if (!row) throw new Error('no customer row');
    const audit = (to: string) => ({
      action: 'stripe.payment_method.default',
      entity: 'billing_customer',
      entityId: customer.id,
      detail: { from: null, to },
    });
    const setup = { result: 'success' as const, attached: pm };
    const both = () => makeFirstDefault(db, stripe(), { stripeAccount: account }, row, setup, audit);
    expect(await Promise.all([both(), both()])).toEqual([pm, pm]);
    const after = await db.select().from(billingCustomers).where(eq(billingCustomers.id, customer.id)).get();
    expect(after?.defaultPaymentMethodId).toBe(pm);
    expect(await remoteDefault(customer.stripe_customer_id ?? '')).toBe(pm);
    expect(await defaultAudits(customer.id)).toHaveLength(1);
  });

  it('checkout.session.completed in setup mode alone makes the method the default (read from its SetupIntent)', async () => {
    const { customer, intent, account, pm } = await setUpWithoutReturning();
    expect(await deliverEvent('checkout.session.completed', intent.checkout_session_id, account)).toMatchObject({
      outcome: 'ignored',
    });
    const row = await db.select().from(billingCustomers).where(eq(billingCustomers.id, customer.id)).get();
    expect(row?.defaultPaymentMethodId).toBe(pm);
    expect(await remoteDefault(customer.stripe_customer_id ?? '')).toBe(pm);
    expect(await defaultAudits(customer.id)).toHaveLength(1);
  });
});

describe('scope and permission', () => {
  it('answers another company’s ids as unknown (404)', async () => {
    const stranger = await world(BILLING);
    const theirs = await login(stranger.email, stranger.password, stranger.ip);
    await ok<Customer>(
      await send('/stripe/customer/onboard', 'POST', { company_id: stranger.company.id }, theirs),
      201,
    );
    expect((await send(`/stripe/account?company_id=${stranger.company.id}`, 'GET')).status).toBe(404);
    expect((await send('/stripe/account/onboard', 'POST', { company_id: stranger.company.id })).status).toBe(404);
    expect((await send('/stripe/customer/onboard', 'POST', { company_id: stranger.company.id })).status).toBe(404);
    expect((await send(`/stripe/customer?company_id=${stranger.company.id}`, 'GET')).status).toBe(404);
    expect((await send(`/stripe/payout/${stranger.user.id}`, 'POST', { amount: 100, currency: 'EUR' })).status).toBe(
      404,
    );
    const mine = await ok<Customer>(await send(`/stripe/customer?company_id=${billed.id}`, 'GET'));
    expect((await send(`/stripe/customer?company_id=${billed.id}`, 'GET', undefined, theirs)).status).toBe(404);
    expect(mine.company_id).toBe(billed.id);
  });

  it('refuses a caller without role 42 (403)', async () => {
    const plain = await createUser(
      db,
      { companyId: operator.company.id, email: `${unique('plain')}@example.test`, password: 'correct horse battery' },
      { iterations: 1000 },
    );
    const session = await login(plain.email, 'correct horse battery');
    for (const [path, method] of [
      ['/stripe/account', 'GET'],
      ['/stripe/customer/all', 'GET'],
      ['/stripe/customer/payment-method', 'GET'],
    ] as const) {
      await expectError(await send(path, method, undefined, session), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
    }
  });
});
