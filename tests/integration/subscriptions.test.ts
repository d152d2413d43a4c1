/**
 * Subscription contracts (spec 2 7.8, service setting 31): catalog, a user's contracts, buy (free:
 * activated; paid without a billing customer: 409, the paid flow in billing-subscriptions.test.ts), autorenew, the holders list with filters and paging,
 * permissions, setting 31, another company's user and contract, a cross-site navigation refused.
 */

import { addMonths } from '@domain/subscriptions/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { subscriptionContracts, userSubscriptionContracts } from '../../drizzle/schema';
import { createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FLEET = { isEvfleet: true, services: [SERVICE.MANAGE_USERS, SERVICE.IONITY_SUBSCRIPTIONS] };
const MSG = {
  forbidden: "Forbidden resource. You don't have the permission to request this resource.",
  notFound: 'User not found',
  contractNotFound: 'The subscription contract does not exist.',
  notHeld: 'The user has no active contract of this kind.',
  already: 'The user already has an active contract of this kind.',
  noCustomer: 'This company has no billing customer yet',
};

interface Held {
  id: number;
  user_id: number;
  contract_id: number;
  status: string;
  autorenew: boolean;
  starts_at: string;
  expires_at: string;
}

let manager: World;
let session: Session;
let viewer: Session;
let otherSession: Session;
let noSetting: Session;
let driver: number;
let driver2: number;
let otherDriver: number;
let free: number;
let paid: number;
let otherFree: number;

const email = () => `${unique('driver')}@example.test`;

async function contract(companyId: number, name: string, priceMinor: number, months = 1) {
  const [row] = await db
    .insert(subscriptionContracts)
    .values({ companyId, name, priceMinor, durationMonths: months, active: true })
    .returning();
  return row?.id ?? 0;
}

beforeAll(async () => {
  manager = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  const other = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  const bare = await world({
    roles: [ROLE.FLEET_MANAGER_MANAGE_USERS],
    company: { isEvfleet: true, services: [SERVICE.MANAGE_USERS] },
  });
  const view = await createUser(
    db,
    { companyId: manager.company.id, email: email(), password: manager.password, roles: [ROLE.FLEET_MANAGER_VIEW] },
    { iterations: 1000 },
  );
  driver = (await createUser(db, { companyId: manager.company.id, email: email(), firstName: 'Zoé' })).id;
  driver2 = (await createUser(db, { companyId: manager.company.id, email: email() })).id;
  otherDriver = (await createUser(db, { companyId: other.company.id, email: email() })).id;
  free = await contract(manager.company.id, 'Starter (free)', 0, 12);
  paid = await contract(manager.company.id, 'Plus monthly', 999);
  otherFree = await contract(other.company.id, 'Other free', 0);
  [session, viewer, otherSession, noSetting] = await Promise.all([
    login(manager.email, manager.password, manager.ip),
    login(view.email, manager.password),
    login(other.email, other.password, other.ip),
    login(bare.email, bare.password, bare.ip),
  ]);
});

const buy = (userId: number, contractId: number, s: Session = session, headers?: Record<string, string>) =>
  call(`/users/${userId}/subscription-contracts/${contractId}/buy`, { ...s, method: 'POST', headers });

describe('catalog', () => {
  it('lists the contracts of the scope only', async () => {
    const res = await call('/subscription-contracts', viewer);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: number; free: boolean }[] };
    expect(data.map((c) => c.id)).toEqual([free, paid]);
    expect(data[0]?.free).toBe(true);
  });

  it('needs service setting 31', async () => {
    await expectError(await call('/subscription-contracts', noSetting), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
  });
});

describe('buy', () => {
  it('activates a free contract for its term, once', async () => {
    const res = await buy(driver, free);
    expect(res.status).toBe(201);
    const held = (await res.json()) as Held;
    expect(held).toMatchObject({ user_id: driver, contract_id: free, status: 'active', autorenew: false });
    expect(held.expires_at).toBe(addMonths(new Date(held.starts_at), 12).toISOString());
    await expectError(await buy(driver, free), 409, { code: 'CONTRACT_ALREADY_ACTIVE', message: MSG.already });
    const list = await call(`/users/${driver}/subscription-contracts`, viewer);
    expect(((await list.json()) as { data: Held[] }).data.map((h) => h.contract_id)).toEqual([free]);
  });

  it('answers a paid contract of a company without a billing customer with 409, nothing recorded', async () => {
    await expectError(await buy(driver2, paid), 409, {
      code: 'BILLING_NO_CUSTOMER',
      message: MSG.noCustomer,
      field: 'userId',
    });
    const rows = await db.select().from(userSubscriptionContracts).where(eq(userSubscriptionContracts.userId, driver2));
    expect(rows).toEqual([]);
  });

  it('refuses unknown or foreign contracts and users, viewers and cross-site navigations', async () => {
    await expectError(await buy(driver2, otherFree), 404, {
      code: 'CONTRACT_NOT_FOUND',
      message: MSG.contractNotFound,
    });
    await expectError(await buy(driver2, 999999), 404, { code: 'CONTRACT_NOT_FOUND', message: MSG.contractNotFound });
    await expectError(await buy(otherDriver, free), 404, { code: 'USER_NOT_FOUND', message: MSG.notFound });
    await expectError(await buy(driver2, free, otherSession), 404, { code: 'USER_NOT_FOUND', message: MSG.notFound });
    await expectError(await buy(driver2, free, viewer), 403, { code: 'FORBIDDEN', message: MSG.forbidden });
    await expectError(await buy(driver2, free, noSetting), 403, { code: 'FORBIDDEN', message: MSG.forbidden });
    await expectError(await buy(driver2, free, session, { 'sec-fetch-site': 'cross-site' }), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
    // A GET (a link, an image, a top-level navigation carrying the Lax cookie) changes nothing (issue 24).
    // (It falls through to the consumption statistics route, whose parameters refuse it.)
    const get = await call(`/users/${driver2}/subscription-contracts/${free}/buy`, session);
    expect(get.status).toBe(400);
    const rows = await db.select().from(userSubscriptionContracts).where(eq(userSubscriptionContracts.userId, driver2));
    expect(rows).toEqual([]);
  });

  it('allows a new term once the previous one lapsed', async () => {
    await db
      .update(userSubscriptionContracts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSubscriptionContracts.userId, driver));
    const lapsed = (await (await call(`/users/${driver}/subscription-contracts`, session)).json()) as { data: Held[] };
    expect(lapsed.data[0]?.status).toBe('expired');
    expect((await buy(driver, free)).status).toBe(201);
    const rows = await db.select().from(userSubscriptionContracts).where(eq(userSubscriptionContracts.userId, driver));
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'expired']);
  });
});

describe('autorenew', () => {
  const toggle = (userId: number, contractId: number, on: string, s: Session = session) =>
    call(`/users/${userId}/subscription-contracts/${contractId}/autorenew/${on}`, { ...s, method: 'POST' });

  it('switches renewal of the active contract', async () => {
    const on = await toggle(driver, free, 'true');
    expect(on.status).toBe(200);
    expect(((await on.json()) as Held).autorenew).toBe(true);
    expect(((await (await toggle(driver, free, '0')).json()) as Held).autorenew).toBe(false);
  });

  it('names a contract the user does not hold, a bad value, another company and a viewer', async () => {
    await expectError(await toggle(driver2, free, 'true'), 404, { code: 'CONTRACT_NOT_HELD', message: MSG.notHeld });
    expect((await toggle(driver, free, 'maybe')).status).toBe(400);
    await expectError(await toggle(driver, free, 'true', otherSession), 404, {
      code: 'USER_NOT_FOUND',
      message: MSG.notFound,
    });
    await expectError(await toggle(driver, free, 'true', viewer), 403, { code: 'FORBIDDEN', message: MSG.forbidden });
  });

  it('changes nothing on a GET (issue 24)', async () => {
    const get = await call(`/users/${driver}/subscription-contracts/${free}/autorenew/true`, session);
    expect(get.status).toBe(404);
    const rows = await db.select().from(userSubscriptionContracts).where(eq(userSubscriptionContracts.userId, driver));
    expect(rows.filter((r) => r.status === 'active').map((r) => r.autorenew)).toEqual([false]);
  });
});

describe('holders list', () => {
  it('filters by keyword, contract, status and autorenew, with paging, in scope only', async () => {
    expect((await buy(driver2, free)).status).toBe(201);
    const list = async (query: string, s: Session = viewer) => {
      const res = await call(`/subscription-contracts/holders?${query}`, s);
      expect(res.status).toBe(200);
      return (await res.json()) as { data: Held[]; total: number };
    };
    expect((await list('')).total).toBe(3);
    expect((await list('status=active')).total).toBe(2);
    expect((await list('status=expired')).total).toBe(1);
    expect((await list('keyword=Zo%C3%A9')).data.every((h) => h.user_id === driver)).toBe(true);
    expect((await list(`contract_id=${paid}`)).total).toBe(0);
    await toggle2();
    expect((await list('autorenew=true')).data.map((h) => h.user_id)).toEqual([driver2]);
    const page = await list('items_per_page=2&page=1');
    expect(page.data.length).toBe(1);
    expect(page.total).toBe(3);
    expect((await list('', otherSession)).total).toBe(0);
  });
});

async function toggle2() {
  const res = await call(`/users/${driver2}/subscription-contracts/${free}/autorenew/true`, {
    ...session,
    method: 'POST',
  });
  expect(res.status).toBe(200);
}
