/** Connect accounts and their onboarding links, customers and their tax ids, payouts, events. */
import { assign, type Ctx, deleted, emit, type Handler, inRange, list, mustGet, StripeError } from './context';
import { newId, now, type StripeObject } from './store';

const ACCOUNT_FIELDS = [
  'business_profile',
  'business_type',
  'company',
  'country',
  'default_currency',
  'email',
  'metadata',
  'settings',
  'individual',
];
const CUSTOMER_FIELDS = [
  'address',
  'balance',
  'description',
  'email',
  'metadata',
  'name',
  'phone',
  'preferred_locales',
  'shipping',
  'tax_exempt',
];

function createAccount(ctx: Ctx): StripeObject {
  const { input } = ctx;
  const type = (input.type as string | undefined) ?? 'standard';
  const capabilities = Object.fromEntries(
    Object.keys((input.capabilities as object | undefined) ?? {}).map((k) => [k, 'inactive']),
  );
  const account = ctx.store.create('', 'account', 'acct', {
    type,
    country: input.country ?? 'FR',
    email: input.email ?? null,
    default_currency: input.default_currency ?? 'eur',
    business_type: input.business_type ?? null,
    business_profile: {
      name: null,
      url: null,
      mcc: null,
      support_email: null,
      product_description: null,
      ...(input.business_profile as object),
    },
    capabilities,
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    metadata: (input.metadata as object | undefined) ?? {},
    created: now(),
    requirements: {
      currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
      errors: [],
      alternatives: [],
      current_deadline: null,
      disabled_reason: 'requirements.past_due',
    },
  });
  return account;
}

/**
 * Stripe's test bank account number whose payouts fail (`no_account`): chosen on the onboarding page
 * ("Complete with a bank account that fails payouts"), as in Stripe's test mode.
 */
export const FAILING_TEST_ACCOUNT_NUMBER = '000111111116';

/**
 * Onboarding from the dev page: "complete" turns the account on; otherwise it stays as it is.
 * `failingBank`: the bank account given is Stripe's test number whose payouts fail; a later complete
 * onboarding with the working number repairs it (the employee updates their bank details).
 */
export function finishOnboarding(ctx: Ctx, account: StripeObject, complete: boolean, failingBank = false): void {
  const previous = {
    details_submitted: account.details_submitted,
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
  };
  if (complete) {
    ctx.store.hidden.set(account.id, {
      ...ctx.store.hidden.get(account.id),
      bankAccountNumber: failingBank ? FAILING_TEST_ACCOUNT_NUMBER : '000123456789',
    });
    Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
    account.capabilities = Object.fromEntries(Object.keys(account.capabilities as object).map((k) => [k, 'active']));
    account.requirements = { ...(account.requirements as object), currently_due: [], disabled_reason: null };
  }
  emit(ctx, 'account.updated', account, previous);
}

function createAccountLink(ctx: Ctx) {
  const { input } = ctx;
  const account = mustGet(ctx, 'account', input.account as string, 'account');
  if (ctx.account) throw new StripeError(400, 'Account links can only be created by the platform.');
  const link = ctx.store.create('', '_account_link', 'link', {
    account: account.id,
    return_url: input.return_url ?? null,
    refresh_url: input.refresh_url ?? null,
    expires_at: now() + 300,
  });
  return {
    object: 'account_link',
    created: now(),
    expires_at: link.expires_at,
    url: `${ctx.origin}/dev/onboard/${account.id}?link=${link.id}`,
  };
}

function createTaxId(ctx: Ctx, customer: string): StripeObject {
  const type = ctx.input.type as string;
  const value = ctx.input.value as string;
  const prefix = /^[A-Z]{2}/.exec(value)?.[0];
  const country = type === 'eu_vat' ? (prefix === 'EL' ? 'GR' : prefix) : type.slice(0, 2).toUpperCase();
  return ctx.store.create(ctx.account, 'tax_id', 'txi', {
    type,
    value,
    country: country ?? null,
    customer,
    owner: { type: 'customer', customer, account: null, application: null },
    verification: { status: 'pending', verified_address: null, verified_name: null },
  });
}

function createCustomer(ctx: Ctx): StripeObject {
  const { input } = ctx;
  const customer = ctx.store.create(ctx.account, 'customer', 'cus', {
    address: null,
    balance: 0,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: null,
    invoice_prefix: newId('')
      .slice(1, 9)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X'),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
  assign(customer, input, CUSTOMER_FIELDS);
  if (input.test_clock)
    customer.test_clock = mustGet(ctx, 'test_helpers.test_clock', input.test_clock as string, 'test_clock').id;
  if (input.invoice_settings)
    customer.invoice_settings = { ...(customer.invoice_settings as object), ...(input.invoice_settings as object) };
  for (const data of (input.tax_id_data as { type: string; value: string }[] | undefined) ?? []) {
    createTaxId({ ...ctx, input: data }, customer.id);
  }
  emit(ctx, 'customer.created', customer);
  return customer;
}

function updateCustomer(ctx: Ctx): StripeObject {
  const customer = mustGet(ctx, 'customer', ctx.params.customer ?? '', 'customer');
  const previous = assign(customer, ctx.input, CUSTOMER_FIELDS);
  const settings = ctx.input.invoice_settings as Record<string, unknown> | undefined;
  if (settings) {
    const pm = settings.default_payment_method;
    if (typeof pm === 'string' && pm !== '') {
      const method = mustGet(ctx, 'payment_method', pm, 'invoice_settings[default_payment_method]');
      if (method.customer !== customer.id) {
        throw new StripeError(
          400,
          `No such PaymentMethod: '${pm}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      }
    }
    previous.invoice_settings = structuredClone(customer.invoice_settings);
    const merged = { ...(customer.invoice_settings as object), ...settings } as Record<string, unknown>;
    if (merged.default_payment_method === '') merged.default_payment_method = null;
    customer.invoice_settings = merged;
  }
  emit(ctx, 'customer.updated', customer, previous);
  return customer;
}

const cus = (ctx: Ctx) => mustGet(ctx, 'customer', ctx.params.customer ?? '', 'customer');

export const accountHandlers: Record<string, Handler> = {
  'POST /v1/accounts': createAccount,
  'GET /v1/accounts': (ctx) => list(ctx, ctx.store.all('', 'account')),
  'GET /v1/accounts/{account}': (ctx) => mustGet(ctx, 'account', ctx.params.account ?? '', 'account'),
  'POST /v1/accounts/{account}': (ctx) => {
    const account = mustGet(ctx, 'account', ctx.params.account ?? '', 'account');
    const previous = assign(account, ctx.input, ACCOUNT_FIELDS, ['business_profile']);
    emit(ctx, 'account.updated', account, previous);
    return account;
  },
  'DELETE /v1/accounts/{account}': (ctx) => {
    const account = mustGet(ctx, 'account', ctx.params.account ?? '', 'account');
    ctx.store.remove(account.id);
    return deleted('account', account.id);
  },
  'POST /v1/account_links': createAccountLink,
  'POST /v1/customers': createCustomer,
  'GET /v1/customers': (ctx) =>
    list(
      ctx,
      ctx.store.all(
        ctx.account,
        'customer',
        (c) => (!ctx.input.email || c.email === ctx.input.email) && inRange(c.created as number, ctx.input.created),
      ),
    ),
  'GET /v1/customers/{customer}': cus,
  'POST /v1/customers/{customer}': updateCustomer,
  'DELETE /v1/customers/{customer}': (ctx) => {
    const customer = cus(ctx);
    ctx.store.remove(customer.id);
    emit(ctx, 'customer.deleted', customer);
    return deleted('customer', customer.id);
  },
  'POST /v1/customers/{customer}/tax_ids': (ctx) => createTaxId(ctx, cus(ctx).id),
  'GET /v1/customers/{customer}/tax_ids': (ctx) =>
    list(
      ctx,
      ctx.store.all(ctx.account, 'tax_id', (t) => t.customer === cus(ctx).id),
    ),
  'GET /v1/customers/{customer}/tax_ids/{id}': (ctx) => mustGet(ctx, 'tax_id', ctx.params.id ?? ''),
  'DELETE /v1/customers/{customer}/tax_ids/{id}': (ctx) => {
    const taxId = mustGet(ctx, 'tax_id', ctx.params.id ?? '');
    ctx.store.remove(taxId.id);
    return deleted('tax_id', taxId.id);
  },
  'POST /v1/payouts': (ctx) => {
    const payout = ctx.store.create(ctx.account, 'payout', 'po', {
      amount: ctx.input.amount,
      currency: ctx.input.currency,
      description: ctx.input.description ?? null,
      metadata: ctx.input.metadata ?? {},
      method: ctx.input.method ?? 'standard',
      source_type: ctx.input.source_type ?? 'card',
      statement_descriptor: ctx.input.statement_descriptor ?? null,
      arrival_date: now() + 2 * 86400,
      automatic: false,
      status: 'pending',
      type: 'bank_account',
      reconciliation_status: 'not_applicable',
    });
    emit(ctx, 'payout.created', payout);
    // To Stripe's failing test bank account number the payout fails (Stripe: `no_account`).
    if (ctx.account && ctx.store.hidden.get(ctx.account)?.bankAccountNumber === FAILING_TEST_ACCOUNT_NUMBER) {
      Object.assign(payout, {
        status: 'failed',
        failure_code: 'no_account',
        failure_message:
          'The bank account details on file are probably incorrect. No bank account could be located with those details.',
      });
      emit(ctx, 'payout.failed', payout, { status: 'pending' });
      return payout;
    }
    // Locally nothing stands between a payout and its arrival: it is paid at once.
    payout.status = 'paid';
    payout.arrival_date = now();
    emit(ctx, 'payout.paid', payout, { status: 'pending' });
    return payout;
  },
  'GET /v1/payouts': (ctx) =>
    list(
      ctx,
      ctx.store.all(ctx.account, 'payout', (p) => !ctx.input.status || p.status === ctx.input.status),
    ),
  'GET /v1/payouts/{payout}': (ctx) => mustGet(ctx, 'payout', ctx.params.payout ?? '', 'payout'),
  'GET /v1/events': (ctx) => {
    const types = (ctx.input.types as string[] | undefined) ?? [];
    const type = ctx.input.type as string | undefined;
    const matches = (t: string) =>
      (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) &&
      (types.length === 0 || types.includes(t));
    return list(
      ctx,
      ctx.store.all(
        ctx.account,
        'event',
        (e) => matches(e.type as string) && inRange(e.created as number, ctx.input.created),
      ),
    );
  },
  'GET /v1/events/{id}': (ctx) => mustGet(ctx, 'event', ctx.params.id ?? ''),
};
