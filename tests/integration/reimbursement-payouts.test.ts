/**
 * Home reimbursement payouts (issue 19 part 7) inside workerd, against the workers project's local
 * Stripe server: the employee's payout account created once (pending), completed on the server's
 * onboarding page and made ready by its signed `account.updated` (an older event never overwrites a
 * newer one); a manager pays an approved reimbursement (transfer + payout, processed) and the payout's
 * `payout.paid` marks it paid once (the replay and a second event change nothing); a payout to
 * Stripe's failing test bank account fails with the reason, the employee fixes the bank details, the
 * retry pays without a second transfer; a not-ready account answers 409; another company's
 * reimbursement 404. The bank transfer file for two employees parsed back; one employee without an
 * IBAN refuses the whole file, naming them. The manager deletes an employee's payout account.
 */
import { env } from 'cloudflare:test';
import { stripeClient } from '@api/lib/stripe';
import {
  homeReimbursementSettings,
  reimbursementEvents,
  reimbursements,
  userPayoutAccounts,
  userPersonalData,
} from '@db/schema';
import { createUser } from '@db/seed/factories';
import { encryptSecret } from '@domain/identity/secret-box';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { asc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, expectError, login, type Session, unique, type World, world } from './helpers';
import { deliverStripeEvent } from './stripe-webhook';

const stripe = () => {
  const client = stripeClient(env);
  if (!client) throw new Error('the workers project sets STRIPE_SECRET_KEY');
  return client;
};

const SERVICES = [SERVICE.HOME_REIMBURSEMENT, SERVICE.PAYMENT_PROVIDER_HOME_REIMBURSEMENT];
const FLEET = {
  isEvfleet: true,
  services: SERVICES,
  bankInfo: 'IBAN FR14 2004 1010 0505 0001 3M02 606 BIC PSSTFRPPPAR',
};

interface Account {
  status: string;
  stripe_account_id: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
}
interface Link {
  account: Account;
  url: string;
}
interface Payout {
  id: number;
  status: string;
  stripe_transfer_id: string | null;
  stripe_payout_id: string | null;
  failure_reason: string | null;
}

interface Tx {
  PmtId: { EndToEndId: string };
  Amt: { InstdAmt: { '#text': string } };
  Cdtr: { Nm: string };
  CdtrAcct: { Id: { IBAN: string } };
}

let company: World;
let manager: Session;
let employee: { id: number; session: Session };

const send = (session: Session, path: string, method = 'POST', json?: unknown) =>
  call(path, { cookie: session.cookie, ip: session.ip, method, ...(json === undefined ? {} : { json }) });

async function ok<T>(res: Response): Promise<T> {
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status: 200 });
  return body as T;
}

/** Delivers a Stripe event signed with the test secret, as Stripe would. */
async function deliver(event: unknown) {
  return (await (await deliverStripeEvent(event)).json()) as { outcome: string };
}

/** The events the local Stripe server made for an object (it sends none to workerd itself), oldest first. */
async function eventsOf(type: string, objectId: string, stripeAccount?: string) {
  const list = await stripe().events.list({ type, limit: 100 }, stripeAccount ? { stripeAccount } : {});
  return list.data.filter((e) => (e.data.object as { id?: string }).id === objectId).reverse();
}

/** Onboards on the server's dev page, as the browser's form would. */
async function onboard(url: string, choice: 'complete' | 'complete_failing_bank') {
  const link = new URL(url).searchParams.get('link') ?? '';
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ choice, link }), redirect: 'manual' });
  expect([302, 303]).toContain(res.status);
  return new URL(res.headers.get('location') ?? '');
}

async function newEmployee(w: World, name: string) {
  const email = `${unique('employee')}@example.test`;
  const user = await createUser(
    db,
    { companyId: w.company.id, email, password: 'employee-password', firstName: name, lastName: 'Tester' },
    { iterations: 1000 },
  );
  return { id: user.id, session: await login(email, 'employee-password') };
}

async function approved(userId: number, value: number, payoutMethod: 'stripe' | 'bank_transfer', period = '2026-10') {
  const [row] = await db
    .insert(reimbursements)
    .values({
      companyId: company.company.id,
      userId,
      period,
      status: 'validated_by_manager',
      currency: 'EUR',
      value,
      energyAmount: value,
      payoutMethod,
      computedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('no reimbursement');
  return row;
}

const rowOf = (id: number) => db.select().from(reimbursements).where(eq(reimbursements.id, id)).get();
const eventRows = (id: number) =>
  db
    .select()
    .from(reimbursementEvents)
    .where(eq(reimbursementEvents.reimbursementId, id))
    .orderBy(asc(reimbursementEvents.id));

/** Sets up the employee's account and completes it with `choice`, applying the server's account.updated. */
async function readyAccount(e: { id: number; session: Session }, choice: 'complete' | 'complete_failing_bank') {
  const link = await ok<Link>(await send(e.session, '/fleet-reimbursement/stripe/create-account'));
  await onboard(link.url, choice);
  const accountId = link.account.stripe_account_id ?? '';
  const [updated] = (await eventsOf('account.updated', accountId, accountId)).slice(-1);
  expect((await deliver(updated)).outcome).toBe('applied');
  return accountId;
}

beforeAll(async () => {
  company = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  manager = await login(company.email, company.password, company.ip);
  await db.insert(homeReimbursementSettings).values({
    companyId: company.company.id,
    active: true,
    type: 'company',
    flatTariff: 25_160,
    flatTariffValidFrom: '2026-01-01',
    paymentProviderFlow: true,
  });
  employee = await newEmployee(company, 'Anna');
});

describe('the employee’s payout account', () => {
  it('is created once (pending), made ready by the onboarding’s account.updated, never overwritten by an older event', async () => {
    expect(await ok<Account>(await send(employee.session, '/fleet-reimbursement/stripe/status', 'GET'))).toMatchObject({
      status: 'none',
      stripe_account_id: null,
      payout_method: 'stripe',
    });
    await expectError(await send(employee.session, '/fleet-reimbursement/stripe/refresh-account-link'), 409, {
      code: 'NO_PAYOUT_ACCOUNT',
      message: 'The employee’s payout account is not ready: they must finish their Stripe onboarding first.',
    });
    const first = await ok<Link>(await send(employee.session, '/fleet-reimbursement/stripe/create-account'));
    expect(first.account).toMatchObject({ status: 'pending', details_submitted: false });
    const accountId = first.account.stripe_account_id ?? '';
    expect(accountId).toMatch(/^acct_/);
    const remote = await stripe().accounts.retrieve(accountId);
    expect(remote).toMatchObject({ type: 'express', metadata: { home_reimbursement_user_id: String(employee.id) } });
    // A second call reuses the account with a fresh link.
    const second = await ok<Link>(await send(employee.session, '/fleet-reimbursement/stripe/create-account'));
    expect(second.account.stripe_account_id).toBe(accountId);
    expect(second.url).not.toBe(first.url);
    const refreshed = await ok<Link>(await send(employee.session, '/fleet-reimbursement/stripe/refresh-account-link'));
    expect(new URL(refreshed.url).pathname).toBe(`/dev/onboard/${accountId}`);

    const back = await onboard(refreshed.url, 'complete');
    expect(`${back.pathname}${back.search}`).toBe('/stripe-home-reimbursement?onboarding=return');
    // Before Stripe's event arrives the stored account is still pending.
    expect((await ok<Account>(await send(employee.session, '/fleet-reimbursement/stripe/status', 'GET'))).status).toBe(
      'pending',
    );
    const [updated] = (await eventsOf('account.updated', accountId, accountId)).slice(-1);
    expect((await deliver(updated)).outcome).toBe('applied');
    expect(await ok<Account>(await send(employee.session, '/fleet-reimbursement/stripe/status', 'GET'))).toMatchObject({
      status: 'done',
      details_submitted: true,
      payouts_enabled: true,
    });
    // An older account.updated (details not submitted) arriving late changes nothing.
    const older = {
      ...updated,
      id: `evt_${unique('old').replaceAll('-', '_')}`,
      created: (updated?.created ?? 0) - 60,
      data: { object: { ...(updated?.data.object as object), details_submitted: false, payouts_enabled: false } },
    };
    expect((await deliver(older)).outcome).toBe('stale');
    expect((await ok<Account>(await send(employee.session, '/fleet-reimbursement/stripe/status', 'GET'))).status).toBe(
      'done',
    );
  });
});

describe('paying through Stripe', () => {
  it('pays: processed with the transfer and payout, then paid once by payout.paid (replay and repeats change nothing)', async () => {
    const r = await approved(employee.id, 4321, 'stripe');
    const paid = await ok<Payout>(await send(manager, `/reimbursement/${r.id}/payout`));
    expect(paid).toMatchObject({ id: r.id, status: 'processed', stripe_transfer_id: expect.stringMatching(/^tr_/) });
    const payoutId = paid.stripe_payout_id ?? '';
    expect(payoutId).toMatch(/^po_/);
    const transfer = await stripe().transfers.retrieve(paid.stripe_transfer_id ?? '');
    const account = (await db.select().from(userPayoutAccounts).where(eq(userPayoutAccounts.userId, employee.id)).get())
      ?.stripeAccountId;
    expect(transfer).toMatchObject({
      amount: 4321,
      currency: 'eur',
      destination: account,
      metadata: { reimbursement_id: String(r.id) },
    });
    // A second click: the reimbursement is processed, nothing more is sent.
    await expectError(await send(manager, `/reimbursement/${r.id}/payout`), 409, {
      code: 'REIMBURSEMENT_TRANSITION',
      message: 'This reimbursement cannot go from Processed to Processed.',
    });

    const [event] = await eventsOf('payout.paid', payoutId, account);
    expect((await deliver(event)).outcome).toBe('applied');
    expect((await deliver(event)).outcome).toBe('duplicate');
    expect((await deliver({ ...event, id: `evt_${unique('again').replaceAll('-', '_')}` })).outcome).toBe('ignored');
    const row = await rowOf(r.id);
    expect(row).toMatchObject({ status: 'paid', stripePayoutId: payoutId, failureReason: null });
    expect(row?.paidAt).toBeInstanceOf(Date);
    expect((await eventRows(r.id)).map((e) => [e.fromStatus, e.toStatus, e.actorId, e.note?.split(' ')[0]])).toEqual([
      ['validated_by_manager', 'processed', company.user.id, 'transfer'],
      ['processed', 'paid', null, 'payout'],
    ]);
  });

  it('a payout to a failing bank account fails with its reason; after the fix the retry pays without a second transfer', async () => {
    const other = await newEmployee(company, 'Bert');
    const account = await readyAccount(other, 'complete_failing_bank');
    const r = await approved(other.id, 1500, 'stripe');
    const first = await ok<Payout>(await send(manager, `/reimbursement/${r.id}/payout`));
    const [failed] = await eventsOf('payout.failed', first.stripe_payout_id ?? '', account);
    expect((await deliver(failed)).outcome).toBe('applied');
    expect(await rowOf(r.id)).toMatchObject({
      status: 'payment_failed',
      failureReason:
        'The bank account details on file are probably incorrect. No bank account could be located with those details.',
    });

    // The employee fixes the bank details (a new onboarding link completed with the working account).
    const link = await ok<Link>(await send(other.session, '/fleet-reimbursement/stripe/refresh-account-link'));
    await onboard(link.url, 'complete');
    const retry = await ok<Payout>(await send(manager, `/reimbursement/${r.id}/payout`));
    expect(retry).toMatchObject({
      status: 'processed',
      stripe_transfer_id: first.stripe_transfer_id,
      failure_reason: null,
    });
    expect(retry.stripe_payout_id).not.toBe(first.stripe_payout_id);
    expect((await stripe().transfers.list({ destination: account })).data).toHaveLength(1);
    const [paid] = await eventsOf('payout.paid', retry.stripe_payout_id ?? '', account);
    expect((await deliver(paid)).outcome).toBe('applied');
    // The first payout's failure, delivered again under another id, no longer touches it.
    expect((await deliver({ ...failed, id: `evt_${unique('late').replaceAll('-', '_')}` })).outcome).toBe('ignored');
    expect((await rowOf(r.id))?.status).toBe('paid');
    expect((await eventRows(r.id)).map((e) => e.toStatus)).toEqual([
      'processed',
      'payment_failed',
      'processed',
      'paid',
    ]);
  });

  it('refuses an account not ready (409), a bank-transfer reimbursement, and another company’s reimbursement (404)', async () => {
    const notReady = await newEmployee(company, 'Carl');
    await ok<Link>(await send(notReady.session, '/fleet-reimbursement/stripe/create-account'));
    const r = await approved(notReady.id, 900, 'stripe');
    await expectError(await send(manager, `/reimbursement/${r.id}/payout`), 409, {
      code: 'PAYOUT_ACCOUNT_NOT_READY',
      message: 'The employee’s payout account is not ready: they must finish their Stripe onboarding first.',
    });
    const bank = await approved(employee.id, 900, 'bank_transfer', '2026-09');
    await expectError(await send(manager, `/reimbursement/${bank.id}/payout`), 409, {
      code: 'NOT_A_STRIPE_PAYOUT',
      message: 'This reimbursement is paid by bank transfer, not through Stripe.',
    });
    expect((await rowOf(r.id))?.status).toBe('validated_by_manager');

    const stranger = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
    const strangerSession = await login(stranger.email, stranger.password, stranger.ip);
    await expectError(await send(strangerSession, `/reimbursement/${r.id}/payout`), 404, {
      code: 'REIMBURSEMENT_NOT_FOUND',
      message: 'Reimbursement not found.',
    });
    // An employee cannot pay.
    expect((await send(notReady.session, `/reimbursement/${r.id}/payout`)).status).toBe(403);
  });
});

describe('the bank transfer file', () => {
  const sealIban = async (userId: number, iban: string) =>
    db
      .insert(userPersonalData)
      .values({
        userId,
        ibanSealed: await encryptSecret(iban, env.SESSION_SECRET ?? '', `iban:${userId}`),
        ibanCountry: iban.slice(0, 2),
        ibanLast4: iban.slice(-4),
      })
      .onConflictDoUpdate({
        target: userPersonalData.userId,
        set: { ibanSealed: await encryptSecret(iban, env.SESSION_SECRET ?? '', `iban:${userId}`) },
      });

  it('holds one transaction per employee, processed with an event; one without an IBAN refuses it all, naming them', async () => {
    const dora = await newEmployee(company, 'Dora');
    const emil = await newEmployee(company, 'Emil');
    const fritz = await newEmployee(company, 'Fritz');
    await sealIban(dora.id, 'DE89370400440532013000');
    await sealIban(emil.id, 'NL91ABNA0417164300');
    const a = await approved(dora.id, 1234, 'bank_transfer');
    const b = await approved(emil.id, 5000, 'bank_transfer');
    const c = await approved(fritz.id, 700, 'bank_transfer');

    await expectError(await send(manager, '/fleet-reimbursement/bank-transfer', 'POST', { ids: [a.id, c.id] }), 409, {
      code: 'IBAN_MISSING',
      message: 'No IBAN on file for Fritz Tester.',
      field: 'ids',
    });
    expect((await rowOf(a.id))?.status).toBe('validated_by_manager');

    const res = await send(manager, '/fleet-reimbursement/bank-transfer', 'POST', { ids: [b.id, a.id] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="HR-\d+-\d{14}\.xml"$/);
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(await res.text()).Document;
    const pmt = doc.CstmrCdtTrfInitn.PmtInf;
    expect(doc.CstmrCdtTrfInitn.GrpHdr).toMatchObject({ NbOfTxs: '2', CtrlSum: '62.34' });
    expect(pmt.DbtrAcct.Id.IBAN).toBe('FR1420041010050500013M02606');
    expect(
      pmt.CdtTrfTxInf.map((t: Tx) => [t.PmtId.EndToEndId, t.Amt.InstdAmt['#text'], t.Cdtr.Nm, t.CdtrAcct.Id.IBAN]),
    ).toEqual([
      [`HR-${a.id}`, '12.34', 'Dora Tester', 'DE89370400440532013000'],
      [`HR-${b.id}`, '50.00', 'Emil Tester', 'NL91ABNA0417164300'],
    ]);
    expect(pmt.CdtTrfTxInf[0].RmtInf.Ustrd).toBe('Home charging 2026-10');
    for (const id of [a.id, b.id]) {
      expect((await rowOf(id))?.status).toBe('processed');
      expect((await eventRows(id)).map((e) => [e.fromStatus, e.toStatus, e.actorId])).toEqual([
        ['validated_by_manager', 'processed', company.user.id],
      ]);
    }
    // Exported once: the same ids again are no longer approved.
    expect((await send(manager, '/fleet-reimbursement/bank-transfer', 'POST', { ids: [a.id] })).status).toBe(409);
    // A Stripe reimbursement is not in a bank file; another company's ids are unknown.
    const s = await approved(dora.id, 100, 'stripe', '2026-08');
    expect((await send(manager, '/fleet-reimbursement/bank-transfer', 'POST', { ids: [s.id] })).status).toBe(409);
    const stranger = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
    const strangerSession = await login(stranger.email, stranger.password, stranger.ip);
    await expectError(await send(strangerSession, '/fleet-reimbursement/bank-transfer', 'POST', { ids: [c.id] }), 404, {
      code: 'REIMBURSEMENT_NOT_FOUND',
      message: 'Reimbursement not found.',
    });
  });
});

describe('deleting an employee’s payout account', () => {
  it('deletes it at Stripe and here; another company’s employee is unknown', async () => {
    const gone = await newEmployee(company, 'Gina');
    const link = await ok<Link>(await send(gone.session, '/fleet-reimbursement/stripe/create-account'));
    const accountId = link.account.stripe_account_id ?? '';
    const stranger = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
    const strangerSession = await login(stranger.email, stranger.password, stranger.ip);
    expect((await send(strangerSession, `/stripe/account/user/${gone.id}`, 'DELETE')).status).toBe(404);
    expect(await ok<{ deleted: boolean }>(await send(manager, `/stripe/account/user/${gone.id}`, 'DELETE'))).toEqual({
      user_id: gone.id,
      stripe_account_id: accountId,
      deleted: true,
    });
    expect((await ok<Account>(await send(gone.session, '/fleet-reimbursement/stripe/status', 'GET'))).status).toBe(
      'none',
    );
    expect(
      await stripe()
        .accounts.retrieve(accountId)
        .catch((e: { statusCode?: number }) => e.statusCode),
    ).toBe(404);
    // Set up again: a new account (the key's version moved on).
    const again = await ok<Link>(await send(gone.session, '/fleet-reimbursement/stripe/create-account'));
    expect(again.account.stripe_account_id).not.toBe(accountId);
  });
});
