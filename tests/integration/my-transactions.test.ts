/**
 * GET /my-transactions (issue 18) inside workerd: a private user sees their own wallet only (balance,
 * ledger newest first and paged, top-ups with status); a wallet of another user of the same company,
 * the company's wallet and another company's wallet never appear; without a wallet the answer is
 * `wallet: null`; a user without personal:self-charge is refused.
 */
import { appendEntry } from '@db/queries/wallet-ledger.store';
import { wallets, walletTopUps } from '@db/schema';
import { createUser } from '@db/seed/factories';
import { ROLE } from '@domain/permissions/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, login, type Session, unique, world } from './helpers';

interface Answer {
  wallet: { id: number; name: string; currency: string; balance: number } | null;
  entries: {
    data: { kind: string; amount: number; balanceAfter: number; reference: string }[];
    total: number;
    page: number;
  } | null;
  topUps: { data: { id: number; walletId: number; amount: number; status: string }[]; total: number } | null;
}

async function newWallet(companyId: number, userId: number | null, name: string, currency = 'EUR') {
  const [row] = await db.insert(wallets).values({ companyId, userId, name, currency }).returning();
  if (!row) throw new Error('no wallet');
  return row.id;
}

const credit = (walletId: number, amount: number, reference: string) =>
  appendEntry(db, { walletId, kind: 'adjustment', amount, reference, reason: 'test' });

let me: Session;
let myWallet: number;
let myTopUp: number;
let neighbour: Session;
let walletless: Session;

beforeAll(async () => {
  const mine = await world({ roles: [ROLE.SELF_CHARGE] });
  me = await login(mine.email, mine.password, mine.ip);
  myWallet = await newWallet(mine.company.id, mine.user.id, 'My wallet');
  await credit(myWallet, 3_000, 'adjustment:mine-1');
  await credit(myWallet, -700, 'adjustment:mine-2');
  await credit(myWallet, 150, 'adjustment:mine-3');
  const [topUp] = await db
    .insert(walletTopUps)
    .values({ walletId: myWallet, amount: 2_000, currency: 'EUR', createdBy: mine.user.id })
    .returning();
  myTopUp = topUp?.id ?? 0;

  // Another private user of the same company with a wallet, the company's own wallet, another company's.
  const neighbourEmail = `${unique('neighbour')}@example.test`;
  const other = await createUser(
    db,
    { companyId: mine.company.id, email: neighbourEmail, password: mine.password, roles: [ROLE.SELF_CHARGE] },
    { iterations: 1000 },
  );
  const neighbourWallet = await newWallet(mine.company.id, other.id, 'Neighbour wallet');
  await credit(neighbourWallet, 99_900, 'adjustment:neighbour');
  await db
    .insert(walletTopUps)
    .values({ walletId: neighbourWallet, amount: 77_700, currency: 'EUR', createdBy: other.id });
  neighbour = await login(neighbourEmail, mine.password);
  const companyWallet = await newWallet(mine.company.id, null, 'Company wallet');
  await credit(companyWallet, 55_500, 'adjustment:company');
  const foreign = await world({ roles: [ROLE.SELF_CHARGE] });
  await credit(await newWallet(foreign.company.id, foreign.user.id, 'Foreign wallet'), 44_400, 'adjustment:foreign');

  const none = await world({ roles: [ROLE.SELF_CHARGE] });
  walletless = await login(none.email, none.password, none.ip);
});

async function read(s: Session, query = '') {
  const res = await call(`/my-transactions${query}`, s);
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

describe('GET /my-transactions', () => {
  it("answers the caller's own wallet: balance, ledger newest first, top-ups with status", async () => {
    const answer = await read(me);
    expect(answer.wallet).toEqual({ id: myWallet, name: 'My wallet', currency: 'EUR', balance: 2_450 });
    expect(answer.entries?.total).toBe(3);
    expect(answer.entries?.data.map((e) => [e.amount, e.balanceAfter])).toEqual([
      [150, 2_450],
      [-700, 2_300],
      [3_000, 3_000],
    ]);
    expect(answer.topUps).toMatchObject({
      total: 1,
      data: [{ id: myTopUp, walletId: myWallet, amount: 2_000, status: 'pending' }],
    });
  });

  it("never shows another user's, the company's or another company's data", async () => {
    const text = JSON.stringify(await read(me));
    for (const foreign of ['Neighbour wallet', 'Company wallet', 'Foreign wallet', '99900', '77700', '55500', '44400'])
      expect(text).not.toContain(foreign);
    // The neighbour sees only theirs.
    const theirs = await read(neighbour);
    expect(theirs.wallet).toMatchObject({ name: 'Neighbour wallet', balance: 99_900 });
    expect(theirs.entries?.data.map((e) => e.reference)).toEqual(['adjustment:neighbour']);
    expect(theirs.topUps?.data.map((u) => u.amount)).toEqual([77_700]);
  });

  it('pages the ledger', async () => {
    const second = await read(me, '?page=1&itemsPerPage=2');
    expect(second.entries).toMatchObject({ total: 3, page: 1 });
    expect(second.entries?.data.map((e) => e.amount)).toEqual([3_000]);
  });

  it('answers wallet null when the caller has none', async () => {
    expect(await read(walletless)).toEqual({ wallet: null, entries: null, topUps: null });
  });

  it('refuses a caller without personal:self-charge, and a bad page', async () => {
    const admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { isEvfleet: true } });
    const session = await login(admin.email, admin.password, admin.ip);
    expect((await call('/my-transactions', session)).status).toBe(403);
    expect((await call('/my-transactions?page=-1', me)).status).toBe(400);
  });
});
