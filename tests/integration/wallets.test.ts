/**
 * The wallets API (spec 001 §7.6, issue 18 part 1): create (one live wallet per owner), list filters
 * and paging, the reach of wallets:manage and wallets:company (another company's wallet answers 404 like
 * a missing one), adjustments written once per reference, delete refused while the balance is not 0,
 * the ledger's CSV and the two balance calls.
 */

import { formatMoney } from '@domain/format/format';
import { verifyLedger } from '@domain/wallets/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { createCompany, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const NOT_FOUND = "The wallet doesn't exist.";
const PASSWORD = 'correct horse battery';

interface Wallet {
  id: number;
  companyId: number;
  companyName: string;
  userId: number | null;
  userName: string | null;
  name: string;
  currency: string;
  balance: number;
  autoRechargeThreshold: number | null;
  autoRechargeAmount: number | null;
}
interface Page<T> {
  data: T[];
  total: number;
  page: number;
  items_per_page: number;
}
interface Entry {
  id: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  reference: string;
  reason: string | null;
  authorName: string | null;
}

let manager: Session;
let fleetAdmin: Session;
let outsider: Session;
let root: number;
let fleet: number;
let otherFleet: number;
let driver: number;
let driver2: number;
let strangerUser: number;

async function person(companyId: number, roles: number[], firstName: string) {
  const email = `${unique(firstName.toLowerCase())}@example.test`;
  const user = await createUser(
    db,
    { companyId, email, password: PASSWORD, roles, firstName, lastName: 'Tester' },
    { iterations: 1000 },
  );
  return { user, email };
}

const json = async <T>(res: Response, status: number): Promise<T> => {
  const body = await res.json();
  expect([res.status, body]).toEqual([status, expect.anything()]);
  return body as T;
};

const create = (who: Session, body: Record<string, unknown>) =>
  call('/wallet', { ...who, json: { name: 'Wallet', ...body } });

beforeAll(async () => {
  const op = await world({ roles: [ROLE.PAYMENT_PROVIDER_ADMIN], company: { name: unique('Operator') } });
  root = op.company.id;
  manager = await login(op.email, op.password, op.ip);
  fleet = (await createCompany(db, { name: unique('Fleet A'), parentCompanyId: root, isEvfleet: true })).id;
  otherFleet = (
    await createCompany(db, { name: unique('Fleet B'), parentCompanyId: root, isEvfleet: true, currency: 'GBP' })
  ).id;
  driver = (await person(fleet, [], 'Dora')).user.id;
  driver2 = (await person(fleet, [], 'Dave')).user.id;
  const admin = await person(fleet, [ROLE.ADMINISTRATIVE_SERVICES], 'Ada');
  fleetAdmin = await login(admin.email, PASSWORD);
  const stranger = await world({ roles: [ROLE.SUPER_USER], company: { isEvfleet: true } });
  strangerUser = stranger.user.id;
  outsider = await login(stranger.email, stranger.password, stranger.ip);
});

describe('create', () => {
  it('creates a company wallet in the company currency, then refuses a second one with 409', async () => {
    const w = await json<Wallet>(await create(manager, { companyId: otherFleet, name: 'Fleet B pot' }), 201);
    expect(w).toMatchObject({ companyId: otherFleet, userId: null, currency: 'GBP', balance: 0, name: 'Fleet B pot' });
    await expectError(await create(manager, { companyId: otherFleet }), 409, {
      code: 'WALLET_EXISTS',
      message: 'This owner already has a wallet: a company and each of its users hold one wallet at most.',
      field: 'companyId',
    });
  });

  it('creates a user wallet for a user of that company only, with its validation', async () => {
    const w = await json<Wallet>(
      await create(manager, {
        companyId: fleet,
        userId: driver,
        currency: 'eur',
        autoRechargeThreshold: 500,
        autoRechargeAmount: 2000,
      }),
      201,
    );
    expect(w).toMatchObject({ userId: driver, userName: 'Dora Tester', currency: 'EUR', autoRechargeAmount: 2000 });
    await expectError(await create(manager, { companyId: otherFleet, userId: driver2 }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'The user is not an active user of this company.',
      field: 'userId',
    });
    await expectError(await create(manager, { companyId: fleet, userId: driver2, autoRechargeThreshold: 100 }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Set both the auto-recharge threshold and amount, or neither.',
      field: 'autoRechargeAmount',
    });
    await expectError(await create(manager, { companyId: fleet, userId: driver2, name: '  ' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a name for the wallet (at most 100 characters).',
      field: 'name',
    });
    await expectError(await create(manager, { companyId: fleet, userId: driver2, currency: 'EURO' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a three-letter currency code (e.g. EUR).',
      field: 'currency',
    });
  });

  it('refuses a company outside the scope with 403 on the field, and creation to a fleet admin', async () => {
    await expectError(await create(outsider, { companyId: fleet }), 403, {
      code: 'FORBIDDEN',
      message: FORBIDDEN,
      field: 'companyId',
    });
    const res = await create(fleetAdmin, { companyId: fleet });
    expect(res.status).toBe(403);
  });
});

describe('list, reach and balances', () => {
  beforeAll(async () => {
    await json(await create(manager, { companyId: fleet, name: 'Fleet A pot' }), 201);
    await json(await create(manager, { companyId: fleet, userId: driver2, name: 'Dave wallet' }), 201);
  });

  it('filters by company, user and keyword, and pages', async () => {
    const all = await json<Page<Wallet>>(await call(`/wallet?administrativeId=${root}`, manager), 200);
    expect(all.total).toBe(4);
    expect(all.data.map((w) => [w.companyId, w.userId])).toEqual([
      [fleet, null],
      [fleet, expect.any(Number)],
      [fleet, expect.any(Number)],
      [otherFleet, null],
    ]);
    const one = await json<Page<Wallet>>(await call(`/wallet?company_filter_id=${otherFleet}`, manager), 200);
    expect(one.data.map((w) => w.name)).toEqual(['Fleet B pot']);
    const mine = await json<Page<Wallet>>(await call(`/wallet?userId=${driver2}`, manager), 200);
    expect(mine.data.map((w) => w.userName)).toEqual(['Dave Tester']);
    const found = await json<Page<Wallet>>(await call('/wallet?keyword=dora', manager), 200);
    expect(found.data.map((w) => w.userName)).toEqual(['Dora Tester']);
    expect(found.data.map((w) => w.userId)).toEqual([driver]);
    const second = await json<Page<Wallet>>(await call('/wallet?itemsPerPage=3&page=1', manager), 200);
    expect([second.total, second.data.length, second.page, second.items_per_page]).toEqual([4, 1, 1, 3]);
    expect((await call('/wallet?itemsPerPage=101', manager)).status).toBe(400);
    await expectError(await call(`/wallet?company_filter_id=${fleet}`, outsider), 403, {
      code: 'FORBIDDEN',
      message: FORBIDDEN,
      field: 'company_filter_id',
    });
  });

  it("shows a fleet admin their company's wallets and its users' only; another's is 404 like a missing one", async () => {
    const page = await json<Page<Wallet>>(await call('/wallet', fleetAdmin), 200);
    expect(page.total).toBe(3);
    expect(new Set(page.data.map((w) => w.companyId))).toEqual(new Set([fleet]));
    const other = (await json<Page<Wallet>>(await call(`/wallet?company_filter_id=${otherFleet}`, manager), 200))
      .data[0];
    for (const path of [`/wallet/${other?.id}`, '/wallet/999999999']) {
      await expectError(await call(path, fleetAdmin), 404, { code: 'WALLET_NOT_FOUND', message: NOT_FOUND });
      await expectError(await call(path, outsider), 404, { code: 'WALLET_NOT_FOUND', message: NOT_FOUND });
    }
  });

  it('answers the company balance and a user balance, within the reach', async () => {
    const company = await json<{ currency: string; balance: number; userId: null }>(
      await call('/wallet/balance/company', fleetAdmin),
      200,
    );
    expect(company).toMatchObject({ currency: 'EUR', balance: 0, userId: null });
    const user = await json<{ balance: number; userId: number }>(
      await call(`/wallet/balance/user/${driver}`, fleetAdmin),
      200,
    );
    expect(user).toMatchObject({ userId: driver, balance: 0 });
    const none = { code: 'WALLET_NOT_FOUND', message: 'This user has no wallet.' };
    await expectError(await call(`/wallet/balance/user/${driver}`, outsider), 404, none);
    await expectError(await call(`/wallet/balance/user/${strangerUser}`, fleetAdmin), 404, none);
    await expectError(await call('/wallet/balance/company', outsider), 404, {
      code: 'WALLET_NOT_FOUND',
      message: 'Your company has no wallet yet.',
    });
  });
});

describe('ledger', () => {
  let wallet: Wallet;
  beforeAll(async () => {
    const page = await json<Page<Wallet>>(await call(`/wallet?userId=${driver}`, manager), 200);
    wallet = page.data[0] as Wallet;
  });
  const adjust = (who: Session, body: Record<string, unknown>) =>
    call(`/wallet/${wallet.id}/adjustments`, { ...who, json: body });

  it('writes an adjustment once per reference, with its reason and author', async () => {
    const reference = crypto.randomUUID();
    const first = await json<{ inserted: boolean; balance: number; entry: Entry }>(
      await adjust(manager, { amount: 1500, reason: 'Welcome credit', reference }),
      201,
    );
    expect(first).toMatchObject({ inserted: true, balance: 1500 });
    expect(first.entry).toMatchObject({
      kind: 'adjustment',
      amount: 1500,
      balanceAfter: 1500,
      reason: 'Welcome credit',
    });
    expect(first.entry.reference).toBe(`adjustment:${reference}`);
    const again = await json<{ inserted: boolean; balance: number; entry: Entry }>(
      await adjust(manager, { amount: 1500, reason: 'Welcome credit', reference }),
      200,
    );
    expect(again).toEqual({ ...first, inserted: false });
    await json(await adjust(manager, { amount: -400, reason: 'Card fee', reference: crypto.randomUUID() }), 201);
    const entries = await json<Page<Entry>>(await call(`/wallet/${wallet.id}/entries`, fleetAdmin), 200);
    expect(entries.data.map((e) => [e.amount, e.balanceAfter, e.reason])).toEqual([
      [-400, 1100, 'Card fee'],
      [1500, 1500, 'Welcome credit'],
    ]);
    expect(verifyLedger(entries.data).ok).toBe(true);
    expect(entries.data[0]?.authorName).toMatch(/^user-/);
    const detail = await json<Wallet>(await call(`/wallet/${wallet.id}`, fleetAdmin), 200);
    expect(detail.balance).toBe(1100);
  });

  it('validates an adjustment, and lets only wallets:manage write one', async () => {
    await expectError(await adjust(manager, { amount: 100, reason: 'no', reference: crypto.randomUUID() }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Give a reason of 3 to 500 characters: it stays in the ledger.',
      field: 'reason',
    });
    await expectError(await adjust(manager, { amount: 0, reason: 'Nothing', reference: crypto.randomUUID() }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a whole amount other than 0, in minor units (-500 takes 5.00 away).',
      field: 'amount',
    });
    await expectError(await adjust(manager, { amount: 100, reason: 'Typo', reference: 'twice' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'The adjustment reference must be a UUID: reload the form and try again.',
      field: 'reference',
    });
    const res = await adjust(fleetAdmin, { amount: 100, reason: 'Mine', reference: crypto.randomUUID() });
    expect(res.status).toBe(403);
  });

  it('exports the whole ledger as CSV, oldest first', async () => {
    const res = await call(`/wallet/${wallet.id}/entries.csv`, fleetAdmin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,created_at,kind,amount,balance_after,currency,reference,session_id,reason,author');
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 6))).toEqual([
      ['adjustment', '1500', '1500', 'EUR'],
      ['adjustment', '-400', '1100', 'EUR'],
    ]);
    expect(lines[2]).toContain(',Card fee,');
  });

  it('refuses to delete while the balance is not 0, then deletes an emptied wallet', async () => {
    await expectError(await call(`/wallet/${wallet.id}`, { ...manager, method: 'DELETE' }), 409, {
      code: 'WALLET_NOT_EMPTY',
      message: `The wallet still holds ${formatMoney(1100, 'EUR')}: a refund or an adjustment must bring its balance to 0 before it can be deleted, or that money would be lost.`,
    });
    await json(await adjust(manager, { amount: -1100, reason: 'Closing', reference: crypto.randomUUID() }), 201);
    expect((await call(`/wallet/${wallet.id}`, { ...fleetAdmin, method: 'DELETE' })).status).toBe(403);
    await json(await call(`/wallet/${wallet.id}`, { ...manager, method: 'DELETE' }), 200);
    await expectError(await call(`/wallet/${wallet.id}`, manager), 404, {
      code: 'WALLET_NOT_FOUND',
      message: NOT_FOUND,
    });
    // The owner may have a live wallet again.
    await json(await create(manager, { companyId: fleet, userId: driver, name: 'Dora again' }), 201);
  });

  it('updates the name and the auto-recharge pair', async () => {
    const page = await json<Page<Wallet>>(await call(`/wallet?userId=${driver2}`, manager), 200);
    const id = page.data[0]?.id;
    const put = (body: Record<string, unknown>) => call(`/wallet/${id}`, { ...manager, method: 'PUT', json: body });
    const saved = await json<Wallet>(
      await put({ name: 'Dave pot', autoRechargeThreshold: 0, autoRechargeAmount: 1000 }),
      200,
    );
    expect(saved).toMatchObject({ name: 'Dave pot', autoRechargeThreshold: 0, autoRechargeAmount: 1000 });
    await expectError(await put({ autoRechargeAmount: null }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Set both the auto-recharge threshold and amount, or neither.',
      field: 'autoRechargeAmount',
    });
    await expectError(await put({ autoRechargeAmount: 0 }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'The auto-recharge amount must be a whole number of minor units above 0.',
      field: 'autoRechargeAmount',
    });
    const off = await json<Wallet>(await put({ autoRechargeThreshold: null, autoRechargeAmount: null }), 200);
    expect([off.autoRechargeThreshold, off.autoRechargeAmount]).toEqual([null, null]);
  });
});
