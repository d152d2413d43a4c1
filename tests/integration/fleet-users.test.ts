/** The fleet users API (spec 7.8, 7.18 users-permission): validation messages, scope, lifecycle, limits. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import {
  backofficeUserFlags,
  chargingSessions,
  corporateGroups,
  fleetCompanySettings,
  rfids,
  users,
} from '../../drizzle/schema';
import { createStation, createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import {
  call,
  db,
  expectError,
  failOnConsoleError,
  insertDriverSessions,
  login,
  type Session,
  unique,
  type World,
  world,
} from './helpers';

failOnConsoleError();

const FLEET = {
  isEvfleet: true,
  mandatoryLicensePlate: true,
  services: [SERVICE.MANAGE_USERS, SERVICE.USER_LIMITS],
};
const MSG = {
  emailRequired: 'Email is mandatory.',
  emailInvalid: 'Enter a valid e-mail address.',
  emailTaken: 'A user with this e-mail already exists.',
  group: 'A corporate group must be selected.',
  permission: 'At least one charging permission must be chosen.',
  plateRequired: 'The license plate is mandatory.',
  plateInvalid: 'The license plate must match the French pattern, e.g. AB-999-CD.',
  decimalDot: 'Use a dot as the decimal separator.',
  publicConfirm: 'Giving the public charging permission needs confirmation.',
  notFound: 'User not found',
  forbidden: "Forbidden resource. You don't have the permission to request this resource.",
  notDeleted: 'Only a deleted user can be restored or permanently deleted.',
  confirm: 'This action cannot be undone: confirm it to continue.',
};

interface FleetUser {
  id: number;
  email: string;
  state: string;
  status: string;
  session_count: number;
  corporate_group_id: number | null;
  license_plate: string | null;
  can_charge_public: boolean;
  can_charge_work: boolean;
  limits: {
    unit: string;
    daily: number | null;
    weekly: number | null;
    monthly: number | null;
    enforced_at_charger: boolean;
  };
  roles: number[];
  rfids: { id: number }[];
  usage?: { period: string; limit: number | null; used: number; ratio: number | null }[];
}

let manager: World;
let session: Session;
let other: World;
let otherSession: Session;
let viewer: Session;
let groupId: number;
let otherGroupId: number;

const email = () => `${unique('driver')}@example.test`;
const base = () => ({ email: email(), corporate_group_id: groupId, can_charge_work: true, license_plate: 'AB-123-CD' });

async function createdUser(extra: Record<string, unknown> = {}): Promise<FleetUser> {
  const res = await call('/users/create', { ...session, json: { ...base(), ...extra } });
  expect(res.status).toBe(201);
  return (await res.json()) as FleetUser;
}

beforeAll(async () => {
  manager = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  other = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  const view = await createUser(
    db,
    { companyId: manager.company.id, email: email(), password: manager.password, roles: [ROLE.FLEET_MANAGER_VIEW] },
    { iterations: 1000 },
  );
  [session, otherSession, viewer] = await Promise.all([
    login(manager.email, manager.password, manager.ip),
    login(other.email, other.password, other.ip),
    login(view.email, manager.password),
  ]);
  const [g] = await db.insert(corporateGroups).values({ companyId: manager.company.id, name: 'Sales' }).returning();
  const [o] = await db.insert(corporateGroups).values({ companyId: other.company.id, name: 'Other' }).returning();
  groupId = g?.id ?? 0;
  otherGroupId = o?.id ?? 0;
});

describe('create: validation per spec section 5', () => {
  it('names the missing e-mail, an invalid one and a taken one', async () => {
    const { email: _, ...noEmail } = base();
    await expectError(await call('/users/create', { ...session, json: noEmail }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.emailRequired,
      field: 'email',
    });
    await expectError(await call('/users/create', { ...session, json: { ...base(), email: 'not-an-email' } }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.emailInvalid,
      field: 'email',
    });
    const u = await createdUser();
    await expectError(
      await call('/users/create', { ...session, json: { ...base(), email: u.email.toUpperCase() } }),
      409,
      {
        code: 'EMAIL_TAKEN',
        message: MSG.emailTaken,
        field: 'email',
      },
    );
  });

  it('needs a corporate group of the scope and one charging permission', async () => {
    const { corporate_group_id: _, ...noGroup } = base();
    await expectError(await call('/users/create', { ...session, json: noGroup }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.group,
      field: 'corporate_group_id',
    });
    const res = await call('/users/create', { ...session, json: { ...base(), corporate_group_id: otherGroupId } });
    expect(res.status).toBe(404);
    await expectError(await call('/users/create', { ...session, json: { ...base(), can_charge_work: false } }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.permission,
      field: 'permissions',
    });
  });

  it('checks the license plate when the company makes it mandatory', async () => {
    await expectError(await call('/users/create', { ...session, json: { ...base(), license_plate: '' } }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.plateRequired,
      field: 'license_plate',
    });
    await expectError(await call('/users/create', { ...session, json: { ...base(), license_plate: 'AB123CD' } }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.plateInvalid,
      field: 'license_plate',
    });
    const u = await createdUser({ license_plate: 'ab-999-cd' });
    expect(u.license_plate).toBe('AB-999-CD');
  });

  it('asks confirmation for the public permission', async () => {
    await expectError(await call('/users/create', { ...session, json: { ...base(), can_charge_public: true } }), 400, {
      code: 'CONFIRMATION_REQUIRED',
      message: MSG.publicConfirm,
      field: 'can_charge_public',
    });
    const u = await createdUser({ can_charge_public: true, confirm_public: true });
    expect(u.can_charge_public).toBe(true);
  });

  it('parses limits with a decimal dot; zero removes', async () => {
    await expectError(
      await call('/users/create', { ...session, json: { ...base(), limits: { daily: '12,5' } } }),
      400,
      { code: 'VALIDATION_FAILED', message: MSG.decimalDot, field: 'limits.daily' },
    );
    const u = await createdUser({ limits: { daily: '20', weekly: 0, monthly: 300 } });
    expect(u.limits).toMatchObject({ unit: 'kwh', daily: 20, weekly: null, monthly: 300, enforced_at_charger: true });
    const row = await db.select().from(users).where(eq(users.id, u.id)).get();
    expect([row?.dailyLimit, row?.weeklyLimit, row?.monthlyLimit]).toEqual([20, null, 300]);
  });

  it('refuses roles the caller cannot give, and hands out cards of the scope', async () => {
    await expectError(await call('/users/create', { ...session, json: { ...base(), roles: [ROLE.SUPER_USER] } }), 403, {
      code: 'ROLE_NOT_ALLOWED',
      message: 'Role 50 cannot be given by you.',
      field: 'roles',
    });
    const card = await createRfid(db, {
      companyId: manager.company.id,
      uuid: unique('C').replace(/\W/g, '').slice(-16).toUpperCase(),
    });
    const u = await createdUser({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], rfid_ids: [card.id] });
    expect(u.roles).toEqual([ROLE.FLEET_MANAGER_MANAGE_USERS]);
    expect(u.rfids.map((r) => r.id)).toEqual([card.id]);
  });

  it('is refused to a view-only fleet manager', async () => {
    await expectError(await call('/users/create', { ...viewer, json: base() }), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
  });
});

describe('reads', () => {
  it('lists with derived session count and status, filters and pagination', async () => {
    const u = await createdUser({ first_name: 'Zoé', last_name: unique('Charging') });
    const station = await createStation(db, { uid: unique('ST'), companyId: manager.company.id });
    await db.insert(chargingSessions).values([
      {
        cdrId: unique('cdr'),
        stationId: station.id,
        connectorNumber: 1,
        companyId: manager.company.id,
        userId: u.id,
        authId: 'X',
        startKey: unique('k'),
        startAt: new Date(),
        meterStartWh: 0,
        energyWh: 5000,
        status: 'in_progress',
      },
      {
        cdrId: unique('cdr'),
        stationId: station.id,
        connectorNumber: 1,
        companyId: manager.company.id,
        userId: u.id,
        authId: 'X',
        startKey: unique('k'),
        startAt: new Date(Date.now() - 86_400_000 * 40),
        meterStartWh: 0,
        energyWh: 7000,
        status: 'closed',
      },
    ]);
    const res = await call('/users', { ...session, json: { keyword: 'zoé', status: 'charging' } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { data: FleetUser[]; total: number };
    expect(page.data.map((x) => [x.id, x.status, x.session_count])).toEqual([[u.id, 'charging', 2]]);
    const idle = (await (await call('/users', { ...session, json: { status: 'idle', items_per_page: 2 } })).json()) as {
      data: FleetUser[];
      total: number;
    };
    expect(idle.data.length).toBe(2);
    expect(idle.total).toBeGreaterThan(2);
    expect(idle.data.every((x) => x.status === 'idle')).toBe(true);

    const detail = (await (await call(`/users/${u.id}`, session)).json()) as FleetUser;
    expect(detail.usage?.find((x) => x.period === 'daily')?.used).toBe(5);

    const stats = (await (
      await call(`/users/${u.id}/consumption/month/${new Date().getUTCFullYear()}`, session)
    ).json()) as {
      source: string;
      data: { period: string; value: number }[];
    };
    expect(stats.data).toHaveLength(12);
    // With a warehouse the statistics wait for its next sync (ADR 052); warehouse-sync.test.ts syncs
    // and compares them with D1's.
    if (stats.source === 'd1') expect(stats.data.reduce((s, x) => s + x.value, 0)).toBeGreaterThanOrEqual(5);
    const sessions = (await (
      await call(`/users/${u.id}/sessions/year/${new Date().getUTCFullYear()}`, session)
    ).json()) as {
      source: string;
      data: { value: number }[];
    };
    expect(sessions.data).toHaveLength(5);
    if (sessions.source === 'd1') expect(sessions.data.at(-1)?.value).toBeGreaterThanOrEqual(1);
  });

  it('lists users without plate, employee number and cost centre for role 59 (issue 24 least privilege)', async () => {
    const u = await createdUser({ employee_number: unique('EMP'), cost_center: 'CC-42' });
    const rfid = await createUser(
      db,
      { companyId: manager.company.id, email: email(), password: manager.password, roles: [ROLE.RFID_MANAGEMENT] },
      { iterations: 1000 },
    );
    const rfidManager = await login(rfid.email, manager.password);
    const listed = async (who: Session) => {
      const res = await call('/users', { ...who, json: { keyword: u.email } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: FleetUser[] }).data.find((x) => x.id === u.id);
    };
    expect(await listed(session)).toMatchObject({ license_plate: 'AB-123-CD', cost_center: 'CC-42' });
    expect(await listed(rfidManager)).toMatchObject({
      email: u.email,
      license_plate: null,
      employee_number: null,
      cost_center: null,
    });
    // Nor can a search reveal them: the keyword does not match the hidden columns for role 59.
    const search = async (who: Session, keyword: string) =>
      ((await (await call('/users', { ...who, json: { keyword } })).json()) as { data: FleetUser[] }).data.map(
        (x) => x.id,
      );
    expect(await search(session, 'CC-42')).toContain(u.id);
    expect(await search(rfidManager, 'CC-42')).not.toContain(u.id);
  });

  it('exports CSV without formula injection', async () => {
    await createdUser({ first_name: '=HYPERLINK("x")' });
    const res = await call('/users/export', { ...session, json: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toContain('email');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('counts and users-permission', async () => {
    const counts = (await (await call('/users/count', session)).json()) as Record<string, number>;
    expect(counts.total).toBeGreaterThan(0);
    expect(counts.charging).toBeGreaterThanOrEqual(1);
    const perms = (await (await call('/users-permission', session)).json()) as Record<string, number>;
    expect(perms.work).toBeGreaterThan(0);
  });

  it("answers 404 for another company's user, everywhere", async () => {
    const theirs = await createUser(db, { companyId: other.company.id, email: email(), canChargeWork: true });
    for (const [path, init] of [
      [`/users/${theirs.id}`, {}],
      [`/users/${theirs.id}/consumption/month/2026`, {}],
      [`/users/${theirs.id}`, { method: 'PUT', json: { first_name: 'x' } }],
      [`/users/${theirs.id}`, { method: 'DELETE' }],
      [`/users/${theirs.id}/limit`, { json: { daily: 5 } }],
      [`/users/${theirs.id}/restore`, { method: 'PUT' }],
    ] as const) {
      await expectError(await call(path, { ...session, ...init }), 404, {
        code: 'USER_NOT_FOUND',
        message: MSG.notFound,
      });
    }
    const mine = (await (await call('/users', { ...otherSession, json: {} })).json()) as { data: FleetUser[] };
    expect(mine.data.some((u) => u.id === theirs.id)).toBe(true);
    const list = (await (await call('/users', { ...session, json: { items_per_page: 100 } })).json()) as {
      data: FleetUser[];
    };
    expect(list.data.some((u) => u.id === theirs.id)).toBe(false);
  });
});

describe('update, limits and lifecycle', () => {
  it('updates only what is sent, keeps the validation, refuses a taken e-mail', async () => {
    const a = await createdUser();
    const b = await createdUser();
    const res = await call(`/users/${a.id}`, { ...session, method: 'PUT', json: { first_name: 'Ana' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as FleetUser).can_charge_work).toBe(true);
    await expectError(await call(`/users/${a.id}`, { ...session, method: 'PUT', json: { email: b.email } }), 409, {
      code: 'EMAIL_TAKEN',
      message: MSG.emailTaken,
      field: 'email',
    });
    await expectError(
      await call(`/users/${a.id}`, { ...session, method: 'PUT', json: { can_charge_work: false } }),
      400,
      { code: 'VALIDATION_FAILED', message: MSG.permission, field: 'permissions' },
    );
  });

  it('sets limits, zero removes, currency limits stored apart and enforced; usage shown in the currency', async () => {
    const u = await createdUser();
    let res = await call(`/users/${u.id}/limit`, { ...session, json: { daily: 10, monthly: '250' } });
    expect(await res.json()).toMatchObject({ unit: 'kwh', daily: 10, monthly: 250, weekly: null });
    res = await call(`/users/${u.id}/limit`, { ...session, json: { daily: 0 } });
    expect(await res.json()).toMatchObject({ daily: null, monthly: 250 });
    await db.insert(fleetCompanySettings).values({ companyId: manager.company.id, limitUnit: 'currency' });
    try {
      res = await call(`/users/${u.id}/limit`, { ...session, json: { weekly: '45.50' } });
      expect(await res.json()).toMatchObject({ unit: 'currency', weekly: 45.5, enforced_at_charger: true });
      const row = await db.select().from(users).where(eq(users.id, u.id)).get();
      expect(row?.weeklyLimit).toBeNull();
      // Consumption against the limit in EUR: priced sessions at the driver price, the rest in kWh apart.
      const station = await createStation(db, { uid: unique('ST'), companyId: manager.company.id });
      const startAt = new Date();
      for (const [priced, wh] of [
        [1234, 5000],
        [null, 2500],
      ] as const) {
        const key = unique('cdr');
        await db.insert(chargingSessions).values({
          cdrId: key,
          startKey: key,
          stationId: station.id,
          connectorNumber: 1,
          companyId: manager.company.id,
          userId: u.id,
          authId: key,
          startAt,
          meterStartWh: 0,
          energyWh: wh,
          status: 'closed',
          ...(priced ? { pricingStatus: 'priced' as const, empTotal: priced } : {}),
        });
      }
      const detailRes = await call(`/users/${u.id}`, session);
      const usage = ((await detailRes.json()) as { usage: { period: string }[] }).usage;
      expect(usage.find((x) => x.period === 'weekly')).toEqual({
        period: 'weekly',
        limit: 45.5,
        used: 12.34,
        unit: 'currency',
        ratio: 12.34 / 45.5,
        unpriced_kwh: 2.5,
      });
    } finally {
      await db.delete(fleetCompanySettings).where(eq(fleetCompanySettings.companyId, manager.company.id));
    }
  });

  it('soft deletes, restores, permanently deletes with confirmation; sessions keep their snapshot', async () => {
    const card = await createRfid(db, {
      companyId: manager.company.id,
      uuid: unique('D').replace(/\W/g, '').slice(-16).toUpperCase(),
    });
    const u = await createdUser({ rfid_ids: [card.id] });
    const station = await createStation(db, { uid: unique('ST'), companyId: manager.company.id });
    const [s] = await db
      .insert(chargingSessions)
      .values({
        cdrId: unique('cdr'),
        stationId: station.id,
        connectorNumber: 1,
        companyId: manager.company.id,
        userId: u.id,
        userEmail: u.email,
        authId: 'X',
        startKey: unique('k'),
        startAt: new Date(),
        meterStartWh: 0,
        status: 'closed',
      })
      .returning();
    await expectError(await call(`/users/${u.id}?permanent=true&confirm=true`, { ...session, method: 'DELETE' }), 409, {
      code: 'USER_NOT_DELETED',
      message: MSG.notDeleted,
    });
    expect((await call(`/users/${u.id}`, { ...session, method: 'DELETE' })).status).toBe(200);
    expect(((await (await call(`/users/${u.id}`, session)).json()) as FleetUser).state).toBe('deleted');
    const restored = await call(`/users/${u.id}/restore`, { ...session, method: 'PUT' });
    expect(((await restored.json()) as FleetUser).state).toBe('active');
    await call(`/users/${u.id}`, { ...session, method: 'DELETE' });
    await expectError(await call(`/users/${u.id}?permanent=true`, { ...session, method: 'DELETE' }), 400, {
      code: 'CONFIRMATION_REQUIRED',
      message: MSG.confirm,
      field: 'confirm',
    });
    expect((await call(`/users/${u.id}?permanent=true&confirm=true`, { ...session, method: 'DELETE' })).status).toBe(
      200,
    );
    expect(await db.select().from(users).where(eq(users.id, u.id)).get()).toBeUndefined();
    const kept = await db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, s?.id ?? 0))
      .get();
    expect([kept?.userId, kept?.userEmail]).toEqual([null, u.email]);
    const c = await db.select().from(rfids).where(eq(rfids.id, card.id)).get();
    expect([c?.status, c?.userId]).toEqual(['unlinked', null]);
  });

  it('hides deleted users when setting 42 is on', async () => {
    const hider = await world({
      roles: [ROLE.FLEET_MANAGER_MANAGE_USERS],
      company: { ...FLEET, services: [...FLEET.services, SERVICE.HIDE_DELETED_FLEET_USERS] },
    });
    const s = await login(hider.email, hider.password, hider.ip);
    const gone = await createUser(db, {
      companyId: hider.company.id,
      email: email(),
      status: 'deleted',
      canChargeWork: true,
    });
    const list = (await (await call('/users', { ...s, json: {} })).json()) as { data: FleetUser[] };
    expect(list.data.map((u) => u.id)).not.toContain(gone.id);
    expect((await call(`/users/${gone.id}`, s)).status).toBe(404);
  });

  it('removes from the company and moves within the scope only', async () => {
    const u = await createdUser({ roles: [ROLE.FLEET_MANAGER_VIEW] });
    const removed = (await (await call(`/users/${u.id}/remove`, { ...session, method: 'PUT' })).json()) as FleetUser;
    expect([removed.roles, removed.corporate_group_id, removed.can_charge_work]).toEqual([[], null, false]);
    await expectError(
      await call(`/users/${u.id}/move`, { ...session, method: 'PUT', json: { company_id: other.company.id } }),
      403,
      { code: 'FORBIDDEN', message: MSG.forbidden, field: 'company_id' },
    );
  });
});

describe('corporate groups', () => {
  it('creates, renames, adds users, refuses deleting a group with users', async () => {
    await expectError(await call('/users/group', { ...session, json: { name: ' ' } }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'The corporate group name is mandatory.',
      field: 'name',
    });
    const res = await call('/users/group', { ...session, json: { name: 'Drivers' } });
    expect(res.status).toBe(201);
    const g = (await res.json()) as { id: number; user_count: number };
    const u = await createdUser();
    const added = await call(`/users/group/${g.id}/users`, { ...session, method: 'PUT', json: { user_ids: [u.id] } });
    expect(((await added.json()) as { user_count: number }).user_count).toBe(1);
    await expectError(await call(`/users/group/${g.id}`, { ...session, method: 'DELETE' }), 409, {
      code: 'CORPORATE_GROUP_HAS_USERS',
      message: 'The corporate group still has users: move them to another group first.',
    });
    const renamed = await call(`/users/group/${g.id}`, { ...session, method: 'PUT', json: { name: 'Field drivers' } });
    expect(((await renamed.json()) as { name: string }).name).toBe('Field drivers');
    await expectError(await call(`/users/group/${g.id}`, otherSession), 404, {
      code: 'CORPORATE_GROUP_NOT_FOUND',
      message: `Corporate group id: ${g.id} not found.`,
    });
    const list = (await (await call('/users/group', session)).json()) as { data: { id: number }[] };
    expect(list.data.map((x) => x.id)).toContain(g.id);
  });
});

describe('private users (settings 52-56)', () => {
  it('shows private sessions only as settings 53-55 allow and hides e-mails on active ones without 56', async () => {
    const w = await world({
      roles: [ROLE.FLEET_MANAGER_VIEW],
      company: {
        isEvfleet: true,
        services: [SERVICE.PRIVATE_USER_LIST, SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS],
      },
    });
    const s = await login(w.email, w.password, w.ip);
    const driver = await createUser(db, { companyId: w.company.id, email: email(), onlyPrivate: true });
    const worker = await createUser(db, { companyId: w.company.id, email: email(), canChargeWork: true });
    const home = await createStation(db, { uid: unique('HOME'), companyId: w.company.id, type: 'home' });
    const pub = await createStation(db, { uid: unique('PUB'), companyId: w.company.id, type: 'public' });
    await insertDriverSessions(driver, w.company.id, [
      [home.id, 'closed'],
      [home.id, 'in_progress'],
      [pub.id, 'closed'],
    ]);
    const res = await call('/users/private', { ...s, json: {} });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { id: number }[];
      session_scope: string;
      sessions: { station_type: string; email: string | null; email_hidden: boolean; status: string }[];
    };
    expect(body.data.map((u) => u.id)).toEqual([driver.id]);
    expect(body.data.map((u) => u.id)).not.toContain(worker.id);
    expect(body.session_scope).toBe('private');
    expect(body.sessions.map((x) => x.station_type)).toEqual(['home', 'home']);
    const active = body.sessions.find((x) => x.status === 'in_progress');
    expect([active?.email, active?.email_hidden]).toEqual([null, true]);
    expect(body.sessions.find((x) => x.status === 'closed')?.email).toBe(driver.email);
    // Without setting 52 the list is refused.
    expect((await call('/users/private', { ...session, json: {} })).status).toBe(403);
  });
});

describe('permission updates disabled, near limits, wizard options', () => {
  it('refuses charging permission changes to a locked admin but lets other fields change', async () => {
    const locked = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
    await db.insert(backofficeUserFlags).values({ userId: locked.user.id, permissionUpdatesDisabled: true });
    const s = await login(locked.email, locked.password, locked.ip);
    const [g] = await db.insert(corporateGroups).values({ companyId: locked.company.id, name: 'G' }).returning();
    const u = await createUser(db, {
      companyId: locked.company.id,
      email: email(),
      corporateGroupId: g?.id,
      licensePlate: 'AA-111-AA',
      canChargeWork: true,
    });
    await expectError(await call(`/users/${u.id}`, { ...s, method: 'PUT', json: { can_charge_home: true } }), 403, {
      code: 'PERMISSION_UPDATES_DISABLED',
      message: 'Charging permission updates are disabled for your account.',
      field: 'permissions',
    });
    expect(
      (await call(`/users/${u.id}`, { ...s, method: 'PUT', json: { first_name: 'Ok', can_charge_work: true } })).status,
    ).toBe(200);
    const options = (await (await call('/users/wizard-options', s)).json()) as {
      permission_updates_disabled: boolean;
      grantable_roles: number[];
      corporate_groups: { id: number }[];
    };
    expect(options.permission_updates_disabled).toBe(true);
    expect(options.grantable_roles).toEqual([ROLE.FLEET_MANAGER_VIEW, ROLE.FLEET_MANAGER_MANAGE_USERS]);
    expect(options.corporate_groups.map((x) => x.id)).toEqual([g?.id]);
  });

  it('lists users at 80% or more of a kWh limit', async () => {
    const u = await createdUser({ limits: { daily: 10 } });
    const station = await createStation(db, { uid: unique('ST'), companyId: manager.company.id });
    await db.insert(chargingSessions).values({
      cdrId: unique('cdr'),
      stationId: station.id,
      connectorNumber: 1,
      companyId: manager.company.id,
      userId: u.id,
      authId: 'N',
      startKey: unique('k'),
      startAt: new Date(),
      meterStartWh: 0,
      energyWh: 9000,
      status: 'closed',
    });
    const near = (await (await call('/users/near-limits', session)).json()) as {
      data: { id: number; ratio: number }[];
    };
    expect(near.data.find((n) => n.id === u.id)?.ratio).toBeCloseTo(0.9);
  });
});
