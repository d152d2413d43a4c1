/**
 * Customer group overview and members (spec 7.14 customer-type: overview, users, users/{userId},
 * users/search): figures per CET month, member list with keyword and pages, the member detail as the
 * group's user privacy allows, validation, permission and company scope.
 */
import { env } from 'cloudflare:test';
import { groupOverview } from '@api/routes/customer-groups/overview/overview.store';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import {
  chargingSessions,
  customerGroupCompanies,
  customerGroupMembers,
  customerGroupMembership,
  users,
} from '../../drizzle/schema';
import { createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const EMP = { empServices: true };
let admin: World;
let session: Session;
let other: World;
let otherSession: Session;
let fleetSession: Session;

beforeAll(async () => {
  admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: EMP });
  session = await login(admin.email, admin.password, admin.ip);
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: EMP });
  otherSession = await login(other.email, other.password, other.ip);
  const fleet = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: { isEvfleet: true } });
  fleetSession = await login(fleet.email, fleet.password, fleet.ip);
});

async function createGroup(s: Session, extra: Record<string, unknown> = {}) {
  const res = await call('/customer-type', { ...s, json: { name: unique('Group'), ...extra } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

async function driver(companyId: number, first = 'Ada') {
  return createUser(db, {
    companyId,
    email: `${unique('member')}@example.test`,
    firstName: first,
    lastName: unique('Lovelace'),
    telephone: '+33 1 23 45 67 89',
  });
}

const join = (groupId: number, userId: number, s = session) =>
  call(`/customer-type/${groupId}/users/${userId}`, { ...s, method: 'PUT' });

/** Closed sessions of `userId` in a group, at the given UTC instants, priced when `incl` is given. */
async function sessionsAt(
  groupId: number | null,
  userId: number,
  rows: { at: string; wh: number; incl?: number; excl?: number }[],
) {
  const tag = unique('CGM');
  const st = await createStation(db, { uid: tag, name: `${tag} Station`, companyId: admin.company.id });
  const cn = await createConnector(db, { stationId: st.id, connectorNumber: 1, uid: `${tag}-1` });
  await db.insert(chargingSessions).values(
    rows.map((r, i) => ({
      cdrId: `${tag}-${i}`,
      status: 'closed' as const,
      stationId: st.id,
      connectorId: cn.id,
      connectorNumber: 1,
      companyId: st.companyId,
      ownerCompanyId: st.ownerCompanyId,
      startKey: `${tag}-${i}`,
      startAt: new Date(r.at),
      endAt: new Date(Date.parse(r.at) + 3_600_000),
      meterStartWh: 0,
      energyWh: r.wh,
      durationS: 3600,
      stationName: st.name,
      authId: `AUTH-${tag}-${i}`,
      startMethod: 'RFID',
      userId,
      customerGroupId: groupId,
      pricingStatus: r.incl === undefined ? ('unpriced' as const) : ('priced' as const),
      empTotal: r.incl ?? null,
      empNetTotal: r.excl ?? null,
    })),
  );
  return st;
}

interface Month {
  month: number;
  sessions: number;
  unpriced: number;
  energy_wh: number;
  amount_incl_vat: number | null;
  amount_excl_vat: number | null;
  members: number;
  drivers: number;
  new_members: number;
}

describe('customer-type/{id}/overview', () => {
  it('sums the group’s sessions per CET month, with drivers and members', async () => {
    const g = await createGroup(session);
    const a = await driver(admin.company.id);
    const b = await driver(admin.company.id);
    expect((await join(g.id, a.id)).status).toBe(200);
    expect((await join(g.id, b.id)).status).toBe(200);
    await sessionsAt(g.id, a.id, [
      // 23:30 UTC on 31 January is 00:30 on 1 February in CET: a February session.
      { at: '2026-01-31T23:30:00.000Z', wh: 1000, incl: 120, excl: 100 },
      { at: '2026-01-15T10:00:00.000Z', wh: 2000, incl: 240, excl: 200 },
      { at: '2026-03-10T10:00:00.000Z', wh: 3000 },
      // 23:30 UTC on 31 December 2026 is already 2027 in CET.
      { at: '2026-12-31T23:30:00.000Z', wh: 9000, incl: 999, excl: 900 },
    ]);
    await sessionsAt(g.id, b.id, [{ at: '2026-03-20T10:00:00.000Z', wh: 500, incl: 60, excl: 50 }]);
    // Not in the group: another group's session and a session without a group.
    const h = await createGroup(session);
    await sessionsAt(h.id, a.id, [{ at: '2026-03-11T10:00:00.000Z', wh: 7777, incl: 7, excl: 6 }]);
    await sessionsAt(null, a.id, [{ at: '2026-03-12T10:00:00.000Z', wh: 8888, incl: 8, excl: 7 }]);

    const res = await call(`/customer-type/${g.id}/overview?year=2026&userGroupId=${g.id}`, session);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { year: number; members: number; months: Month[] } };
    expect(data).toMatchObject({ year: 2026, members: 2 });
    expect(data.months).toHaveLength(12);
    const [jan, feb, mar] = data.months;
    expect(jan).toEqual({
      month: 1,
      sessions: 1,
      unpriced: 0,
      energy_wh: 2000,
      amount_incl_vat: 240,
      amount_excl_vat: 200,
      members: 0,
      drivers: 1,
      new_members: 0,
    });
    expect(feb).toMatchObject({ sessions: 1, energy_wh: 1000, amount_incl_vat: 120, drivers: 1 });
    expect(mar).toMatchObject({
      sessions: 2,
      unpriced: 1,
      energy_wh: 3500,
      amount_incl_vat: 60,
      amount_excl_vat: 50,
      drivers: 2,
    });
    expect(data.months[11]).toMatchObject({ sessions: 0, energy_wh: 0, amount_incl_vat: null, drivers: 0 });
    // Members joined now: counted in the current CET month of the current year only.
    const now = (await (await call(`/customer-type/${g.id}/overview`, session)).json()) as {
      data: { year: number; months: Month[] };
    };
    expect(now.data.year).toBe(new Date().getUTCFullYear());
    expect(now.data.months.reduce((n, m) => n + m.new_members, 0)).toBe(2);
    const y2027 = (await (await call(`/customer-type/${g.id}/overview?year=2027`, session)).json()) as {
      data: { months: Month[] };
    };
    expect(y2027.data.months[0]).toMatchObject({ sessions: 1, energy_wh: 9000, amount_incl_vat: 999 });
  });

  it('charts true members per month from the membership history: joins, moves and removals', async () => {
    const g = await createGroup(session);
    const h = await createGroup(session);
    const [a, b, c, d] = [
      await driver(admin.company.id),
      await driver(admin.company.id),
      await driver(admin.company.id),
      await driver(admin.company.id),
    ];
    const at = (iso: string) => new Date(iso);
    // a: member since March 2025; d: since 2024, removed through the API (now, after 2025).
    await db.insert(customerGroupMembers).values([
      { userId: a.id, customerGroupId: g.id, addedAt: at('2025-03-15T10:00:00Z') },
      { userId: b.id, customerGroupId: g.id, addedAt: at('2025-02-10T10:00:00Z') },
      { userId: c.id, customerGroupId: g.id, addedAt: at('2025-06-01T10:00:00Z') },
      { userId: d.id, customerGroupId: g.id, addedAt: at('2024-01-01T10:00:00Z') },
    ]);
    // b moves to h on 5 May 2025 (the API's upsert sets the new join date).
    await db
      .update(customerGroupMembers)
      .set({ customerGroupId: h.id, addedAt: at('2025-05-05T10:00:00Z') })
      .where(eq(customerGroupMembers.userId, b.id));
    expect((await call(`/customer-type/${g.id}/users/${d.id}`, { ...session, method: 'DELETE' })).status).toBe(200);
    // c is deleted with the user row (the cascade closes the stay too).
    await db.delete(users).where(eq(users.id, c.id));

    const stays = await db
      .select()
      .from(customerGroupMembership)
      .where(eq(customerGroupMembership.userId, b.id))
      .orderBy(customerGroupMembership.id);
    expect(stays.map((x) => [x.customerGroupId, x.validFrom, x.validTo])).toEqual([
      [g.id, Date.parse('2025-02-10T10:00:00Z'), Date.parse('2025-05-05T10:00:00Z')],
      [h.id, Date.parse('2025-05-05T10:00:00Z'), null],
    ]);
    const open = async (userId: number) =>
      (
        await db
          .select()
          .from(customerGroupMembership)
          .where(and(eq(customerGroupMembership.userId, userId), eq(customerGroupMembership.customerGroupId, g.id)))
      ).map((x) => x.validTo);
    for (const gone of [c.id, d.id]) {
      const [validTo] = await open(gone);
      expect(validTo).toBeGreaterThan(Date.parse('2026-01-01T00:00:00Z'));
    }

    const members = async (groupId: number) => {
      const res = await call(`/customer-type/${groupId}/overview?year=2025`, session);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { months: Month[] } }).data.months.map((m) => m.members);
    };
    // g: d all year, b February–May (left on 5 May), a from March, c from June.
    expect(await members(g.id)).toEqual([1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(await members(h.id)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    // Months that begin after "now" have no members yet.
    const early = await groupOverview(env.DB, g.id, 2025, Date.parse('2025-07-15T00:00:00Z'));
    expect(early.map((m) => m.members)).toEqual([1, 2, 3, 3, 3, 3, 3, 0, 0, 0, 0, 0]);
    // Joining and moving through the API record the same history.
    const e = await driver(admin.company.id);
    expect((await join(g.id, e.id)).status).toBe(200);
    expect((await join(h.id, e.id)).status).toBe(200);
    const eStays = await db
      .select()
      .from(customerGroupMembership)
      .where(eq(customerGroupMembership.userId, e.id))
      .orderBy(customerGroupMembership.id);
    expect(eStays.map((x) => [x.customerGroupId, x.validTo === null])).toEqual([
      [g.id, false],
      [h.id, true],
    ]);
    expect(eStays[0]?.validTo).toBe(eStays[1]?.validFrom);
  });

  it('validates the year and the repeated group id', async () => {
    const g = await createGroup(session);
    for (const q of ['year=1999', 'year=2101', 'year=abc', 'year=2026.5']) {
      const res = await call(`/customer-type/${g.id}/overview?${q}`, session);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { field?: string }).field, q).toBe('year');
    }
    await expectError(await call(`/customer-type/${g.id}/overview?userGroupId=${g.id + 1}`, session), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Some validation errors, fix them before resubmitting.',
      field: 'userGroupId',
    });
  });

  it('answers 404 for another company’s group and 403 without the permission', async () => {
    const g = await createGroup(session);
    expect((await call(`/customer-type/${g.id}/overview`, otherSession)).status).toBe(404);
    expect((await call(`/customer-type/${g.id}/overview`, fleetSession)).status).toBe(403);
  });
});

describe('customer-type/{id}/users', () => {
  it('lists members by e-mail with a keyword and pages', async () => {
    const g = await createGroup(session);
    const members = [];
    for (const name of ['Zoe', 'Yann', 'Xavier']) {
      const u = await driver(admin.company.id, name);
      expect((await join(g.id, u.id)).status).toBe(200);
      members.push(u);
    }
    const byEmail = [...members].sort((x, y) => x.email.localeCompare(y.email));
    const page0 = (await (
      await call(`/customer-type/${g.id}/users`, { ...session, json: { items_per_page: 2 } })
    ).json()) as { data: { user_id: number; email: string; private: boolean }[]; total: number };
    expect(page0.total).toBe(3);
    expect(page0.data.map((m) => m.user_id)).toEqual(byEmail.slice(0, 2).map((u) => u.id));
    expect(page0.data[0]?.private).toBe(false);
    const page1 = (await (
      await call(`/customer-type/${g.id}/users`, { ...session, json: { items_per_page: 2, page: 1 } })
    ).json()) as { data: { user_id: number }[] };
    expect(page1.data.map((m) => m.user_id)).toEqual([byEmail[2]?.id]);
    const yann = (await (
      await call(`/customer-type/${g.id}/users`, { ...session, json: { keyword: 'yAnN' } })
    ).json()) as { data: { user_id: number; first_name: string }[]; total: number };
    expect(yann).toMatchObject({ total: 1, data: [{ user_id: members[1]?.id, first_name: 'Yann' }] });
  });

  it('withholds identities under user privacy, where only the id can be searched', async () => {
    const g = await createGroup(session, { user_privacy: true });
    const u = await driver(admin.company.id, 'Private');
    await join(g.id, u.id);
    const list = (await (await call(`/customer-type/${g.id}/users`, { ...session, json: {} })).json()) as {
      data: unknown[];
    };
    expect(list.data).toEqual([
      expect.objectContaining({ user_id: u.id, private: true, email: null, first_name: null, last_name: null }),
    ]);
    const byName = (await (
      await call(`/customer-type/${g.id}/users`, { ...session, json: { keyword: 'Private' } })
    ).json()) as { total: number };
    expect(byName.total).toBe(0);
    const byId = (await (
      await call(`/customer-type/${g.id}/users`, { ...session, json: { keyword: String(u.id) } })
    ).json()) as { total: number };
    expect(byId.total).toBe(1);
    const one = (await (await call(`/customer-type/${g.id}/users/${u.id}`, session)).json()) as {
      data: Record<string, unknown>;
    };
    expect(one.data).toMatchObject({ user_id: u.id, private: true, email: null, telephone: null });
  });

  it('validates the filters, and refuses another company and a fleet manager', async () => {
    const g = await createGroup(session);
    for (const bad of [{ page: -1 }, { items_per_page: 0 }, { items_per_page: 101 }, { other: 1 }]) {
      const res = await call(`/customer-type/${g.id}/users`, { ...session, json: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(`/customer-type/${g.id}/users`, { ...otherSession, json: {} })).status).toBe(404);
    expect((await call(`/customer-type/${g.id}/users`, { ...fleetSession, json: {} })).status).toBe(403);
  });
});

describe('customer-type/{id}/users/{userId}', () => {
  it('shows a member, their sessions in the group and totals; 404 once removed', async () => {
    const g = await createGroup(session);
    const u = await driver(admin.company.id, 'Grace');
    await join(g.id, u.id);
    await sessionsAt(g.id, u.id, [
      { at: '2026-04-01T08:00:00.000Z', wh: 4000, incl: 480, excl: 400 },
      { at: '2026-04-02T08:00:00.000Z', wh: 1000 },
    ]);
    await sessionsAt(null, u.id, [{ at: '2026-04-03T08:00:00.000Z', wh: 9999, incl: 9, excl: 9 }]);
    const res = await call(`/customer-type/${g.id}/users/${u.id}`, session);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: { email: string; telephone: string; totals: unknown; sessions: { cdr_start: string }[] };
    };
    expect(data).toMatchObject({ email: u.email, telephone: '+33 1 23 45 67 89', private: false });
    expect(data.totals).toEqual({
      sessions: 2,
      energy_wh: 5000,
      amount_incl_vat: 480,
      amount_excl_vat: 400,
      unpriced: 1,
    });
    expect(data.sessions.map((s) => s.cdr_start)).toEqual(['2026-04-02T08:00:00.000Z', '2026-04-01T08:00:00.000Z']);
    expect((await call(`/customer-type/${g.id}/users/${u.id}`, otherSession)).status).toBe(404);
    expect((await call(`/customer-type/${g.id}/users/${u.id}`, fleetSession)).status).toBe(403);
    expect((await call(`/customer-type/${g.id}/users/abc`, session)).status).toBe(400);
    const removed = await call(`/customer-type/${g.id}/users/${u.id}`, { ...session, method: 'DELETE' });
    expect(((await removed.json()) as { data: { members: number } }).data.members).toBe(0);
    await expectError(await call(`/customer-type/${g.id}/users/${u.id}`, session), 404, {
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
  });

  it('does not remove a member through another company’s caller', async () => {
    const g = await createGroup(session);
    const u = await driver(admin.company.id);
    await join(g.id, u.id);
    expect((await call(`/customer-type/${g.id}/users/${u.id}`, { ...otherSession, method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await call(`/customer-type/${g.id}/users/${u.id}`, session)).status).toBe(200);
  });
});

describe('customer-type/users/search', () => {
  it('finds active users of the tree and of linked companies, with their current group', async () => {
    const linked = await world({ company: EMP });
    const g = await createGroup(session);
    const tag = unique('findme').toLowerCase();
    const mine = await createUser(db, { companyId: admin.company.id, email: `${tag}-a@example.test` });
    const theirs = await createUser(db, { companyId: linked.company.id, email: `${tag}-b@example.test` });
    await createUser(db, { companyId: admin.company.id, email: `${tag}-c@example.test`, status: 'deleted' });
    const stranger = await createUser(db, { companyId: other.company.id, email: `${tag}-d@example.test` });
    const h = await createGroup(session);
    await join(h.id, mine.id);
    const search = async (groupId: number, s = session) =>
      call('/customer-type/users/search', { ...s, json: { customer_group_id: groupId, keyword: tag.toUpperCase() } });
    const before = (await (await search(g.id)).json()) as { data: { user_id: number; customer_group_id: number }[] };
    expect(before.data).toEqual([expect.objectContaining({ user_id: mine.id, customer_group_id: h.id })]);
    // Linking the other company widens the search to its users; never to a stranger's.
    await db.insert(customerGroupCompanies).values({ customerGroupId: g.id, companyId: linked.company.id });
    const after = (await (await search(g.id)).json()) as { data: { user_id: number }[] };
    expect(after.data.map((u) => u.user_id).sort()).toEqual([mine.id, theirs.id].sort());
    expect(after.data.map((u) => u.user_id)).not.toContain(stranger.id);
  });

  it('validates, and refuses another company’s group and a fleet manager', async () => {
    const g = await createGroup(session);
    for (const bad of [{ customer_group_id: g.id }, { customer_group_id: g.id, keyword: ' ' }, { keyword: 'x' }]) {
      const res = await call('/customer-type/users/search', { ...session, json: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const json = { customer_group_id: g.id, keyword: 'example' };
    expect((await call('/customer-type/users/search', { ...otherSession, json })).status).toBe(404);
    expect((await call('/customer-type/users/search', { ...fleetSession, json })).status).toBe(403);
  });
});
