/**
 * PUT stripe/account (spec 7.2 "account data", issue 17 part 3) inside workerd against the workers project's
 * local Stripe-compatible server: the connected account's e-mail and business profile changed at Stripe (a
 * sub-field not sent kept, an empty one cleared) and the collection method here, audited; field errors with
 * their own text; 403 without role 42; another company's account unknown (404); Stripe refusing or
 * unreachable answers "Update failed" and changes nothing.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { createApi } from '@api/app';
import { stripeClient } from '@api/lib/stripe';
import { auditLog, billingAccounts } from '@db/schema';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, call, db, expectError, login, type Session, world } from './helpers';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

const BILLING = {
  roles: [ROLE.PAYMENT_PROVIDER_ADMIN],
  company: { services: [SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING] },
};

interface Account {
  company_id: number;
  stripe_account_id: string | null;
  collection_method: string;
  details?: { email: string | null; business_profile: Record<string, string | null> };
}

const send = (s: Session, path: string, method: string, json?: unknown) =>
  call(path, { cookie: s.cookie, ip: s.ip, method, ...(json === undefined ? {} : { json }) });
async function ok<T>(res: Response): Promise<T> {
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status: 200 });
  return body as T;
}

/** A role 42 user of an operator with setting 30 whose onboarding was started (its connected account exists). */
async function onboarded() {
  const operator = await world(BILLING);
  const s = await login(operator.email, operator.password, operator.ip);
  const link = await ok<{ account: Account }>(await send(s, '/stripe/account/onboard', 'POST', {}));
  return { operator, s, accountId: link.account.stripe_account_id ?? '' };
}

let s: Session;
let companyId: number;
let accountId: string;

beforeAll(async () => {
  ({
    s,
    accountId,
    operator: {
      company: { id: companyId },
    },
  } = await onboarded());
});

describe('PUT stripe/account', () => {
  it('changes e-mail and business profile at Stripe and the collection method here, audited', async () => {
    const first = await ok<Account>(
      await send(s, '/stripe/account', 'PUT', {
        email: 'billing@operator.test',
        business_profile: { name: 'Operator SAS', url: 'https://operator.test', support_phone: '+33 1 23 45 67 89' },
        collection_method: 'send_invoice',
      }),
    );
    expect(first).toMatchObject({
      company_id: companyId,
      collection_method: 'send_invoice',
      details: {
        email: 'billing@operator.test',
        business_profile: { name: 'Operator SAS', url: 'https://operator.test', support_phone: '+33 1 23 45 67 89' },
      },
    });
    // A sub-field not sent is kept; an empty one is cleared.
    await ok<Account>(await send(s, '/stripe/account', 'PUT', { business_profile: { support_phone: '' } }));
    const remote = await stripe().accounts.retrieve(accountId);
    expect(remote.email).toBe('billing@operator.test');
    expect(remote.business_profile).toMatchObject({ name: 'Operator SAS', url: 'https://operator.test' });
    expect(remote.business_profile?.support_phone ?? null).toBeNull();
    const row = await db.select().from(billingAccounts).where(eq(billingAccounts.companyId, companyId)).get();
    expect(row?.collectionMethod).toBe('send_invoice');
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stripe.account.update'), eq(auditLog.entityId, String(companyId))))
      .all();
    expect(audits).toHaveLength(2);
    const read = await ok<Account>(await send(s, '/stripe/account?refresh=1', 'GET'));
    expect(read.details?.business_profile).toMatchObject({ name: 'Operator SAS', support_phone: null });
  });

  it('answers each invalid field with its own text, and an empty change as invalid', async () => {
    await expectError(await send(s, '/stripe/account', 'PUT', { email: 'not-an-address' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a valid e-mail address.',
      field: 'email',
    });
    await expectError(await send(s, '/stripe/account', 'PUT', { business_profile: { url: 'operator.test' } }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a web address starting with http:// or https://.',
      field: 'business_profile.url',
    });
    await expectError(await send(s, '/stripe/account', 'PUT', { business_profile: { name: ' ' } }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Company name is mandatory.',
      field: 'business_profile.name',
    });
    await expectError(await send(s, '/stripe/account', 'PUT', {}), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Some validation errors, fix them before resubmitting.',
      field: '(body)',
    });
    expect((await stripe().accounts.retrieve(accountId)).email).toBe('billing@operator.test');
  });

  it('refuses a caller without role 42 (403) and answers another company as unknown (404)', async () => {
    const clerk = await world({ company: BILLING.company });
    const clerkSession = await login(clerk.email, clerk.password, clerk.ip);
    expect((await send(clerkSession, '/stripe/account', 'PUT', { email: 'x@operator.test' })).status).toBe(403);
    const other = await world(BILLING);
    const res = await send(s, '/stripe/account', 'PUT', { company_id: other.company.id, email: 'x@operator.test' });
    expect({ status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
      status: 404,
      code: 'COMPANY_NOT_FOUND',
    });
  });

  it('answers "Update failed" when Stripe refuses or is unreachable, and changes nothing here', async () => {
    const gone = await onboarded();
    await stripe().accounts.del(gone.accountId);
    await expectError(await send(gone.s, '/stripe/account', 'PUT', { email: 'late@operator.test' }), 400, {
      code: 'STRIPE_REFUSED',
      message: 'Update failed',
    });

    const ctx = createExecutionContext();
    const down = await createApi().fetch(
      new Request(`${BASE}/api/stripe/account`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: `sid=${s.cookie}`, 'cf-connecting-ip': s.ip },
        body: JSON.stringify({ email: 'never@operator.test', collection_method: 'charge_automatically' }),
      }),
      { ...env, STRIPE_API_BASE: 'http://127.0.0.1:9' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    await expectError(down, 502, { code: 'STRIPE_UNAVAILABLE', message: 'Update failed' });
    const row = await db.select().from(billingAccounts).where(eq(billingAccounts.companyId, companyId)).get();
    expect(row?.collectionMethod).toBe('send_invoice');
    expect((await stripe().accounts.retrieve(accountId)).email).toBe('billing@operator.test');
  });
});
