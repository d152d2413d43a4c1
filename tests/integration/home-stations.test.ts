/**
 * An employee's home stations (issue 19 part 2, spec 001 §7.11 `users/{userId}/stations`): online ones
 * name a station of our network that no other live home station holds, offline ones need none; the
 * employee reaches their own, a manager the users of their scope, anyone else 404; delete is soft and
 * frees the station.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { auditLog, homeStations } from '../../drizzle/schema';
import { createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const COMPANY = { isEvfleet: true, services: [SERVICE.HOME_REIMBURSEMENT] };
const USER_NOT_FOUND = { code: 'USER_NOT_FOUND', message: 'User not found' };
const STATION_NOT_FOUND = { code: 'HOME_STATION_NOT_FOUND', message: 'Home station not found.' };
const TAKEN = {
  code: 'HOME_STATION_TAKEN',
  message: 'This station is already another employee’s home station.',
  field: 'stationUid',
};

interface HomeStation {
  id: number;
  userId: number;
  name: string;
  isOffline: boolean;
  meterSerial: string | null;
  station: { uid: string; name: string; connected: boolean } | null;
}

let manager: World;
let managerSession: Session;
let employee: { id: number; email: string };
let employeeSession: Session;
let colleague: { id: number; email: string };
let colleagueSession: Session;

async function employeeOf(companyId: number) {
  const email = `${unique('employee')}@example.test`;
  const user = await createUser(db, { companyId, email, password: 'correct horse battery' }, { iterations: 1000 });
  return { user: { id: user.id, email }, session: await login(email, 'correct horse battery') };
}

const stationOf = (companyId: number, extra: { ownerCompanyId?: number; connected?: boolean } = {}) =>
  createStation(db, { uid: unique('HOME').toUpperCase(), companyId, ...extra });

const post = (userId: number, json: unknown, who: Session) => call(`/users/${userId}/stations`, { ...who, json });

beforeAll(async () => {
  manager = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: COMPANY });
  managerSession = await login(manager.email, manager.password, manager.ip);
  ({ user: employee, session: employeeSession } = await employeeOf(manager.company.id));
  ({ user: colleague, session: colleagueSession } = await employeeOf(manager.company.id));
});

describe('home stations', () => {
  it('creates an online one linked to a station of the scope, and an offline one without a station', async () => {
    const station = await stationOf(manager.company.id, { connected: true });
    const online = await post(
      employee.id,
      { name: 'Garage', stationUid: station.uid, isOffline: false },
      employeeSession,
    );
    expect(online.status).toBe(201);
    const created = (await online.json()) as HomeStation;
    expect(created).toMatchObject({
      userId: employee.id,
      name: 'Garage',
      isOffline: false,
      station: { uid: station.uid, connected: true },
    });
    const offline = await post(
      employee.id,
      { name: 'Holiday flat', isOffline: true, meterSerial: 'MTR-42' },
      managerSession,
    );
    expect(offline.status).toBe(201);
    expect(await offline.json()).toMatchObject({ isOffline: true, meterSerial: 'MTR-42', station: null });

    const all = (await (await call(`/users/${employee.id}/stations`, employeeSession)).json()) as {
      data: HomeStation[];
    };
    expect(all.data.map((s) => s.name)).toEqual(['Garage', 'Holiday flat']);
    const onlyOffline = (await (
      await call(`/users/${employee.id}/stations?is_offline=true`, managerSession)
    ).json()) as {
      data: HomeStation[];
    };
    expect(onlyOffline.data.map((s) => s.name)).toEqual(['Holiday flat']);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'home_station'));
    expect(audit.filter((a) => a.action === 'home_station.create').length).toBeGreaterThanOrEqual(2);
  });

  it('accepts a station owned by the employee’s company though operated outside the scope', async () => {
    const operator = await world();
    const station = await stationOf(operator.company.id, { ownerCompanyId: manager.company.id });
    const res = await post(
      colleague.id,
      { name: 'Carport', stationUid: station.uid, isOffline: false },
      colleagueSession,
    );
    expect(res.status).toBe(201);
  });

  it('refuses an online station without a uid, and another company’s station like a missing one', async () => {
    await expectError(await post(employee.id, { name: 'Nowhere', isOffline: false }, employeeSession), 400, {
      code: 'VALIDATION_FAILED',
      message: 'An online home station needs the id of a station of our network.',
      field: 'stationUid',
    });
    const other = await world();
    const foreign = await stationOf(other.company.id);
    await expectError(
      await post(employee.id, { name: 'Neighbour', stationUid: foreign.uid, isOffline: false }, employeeSession),
      400,
      { code: 'VALIDATION_FAILED', message: `Station uid: ${foreign.uid} not found.`, field: 'stationUid' },
    );
    await expectError(
      await post(employee.id, { name: 'Ghost', stationUid: 'NO-SUCH-STATION', isOffline: false }, employeeSession),
      400,
      { code: 'VALIDATION_FAILED', message: 'Station uid: NO-SUCH-STATION not found.', field: 'stationUid' },
    );
    await expectError(await post(employee.id, { name: '  ', isOffline: true }, employeeSession), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a name for the home station (at most 100 characters).',
      field: 'name',
    });
  });

  it('answers 409 when the station is already another employee’s live home station, and frees it on delete', async () => {
    const station = await stationOf(manager.company.id);
    const first = await post(employee.id, { name: 'Mine', stationUid: station.uid, isOffline: false }, employeeSession);
    expect(first.status).toBe(201);
    const mine = (await first.json()) as HomeStation;
    await expectError(
      await post(colleague.id, { name: 'Also mine', stationUid: station.uid, isOffline: false }, colleagueSession),
      409,
      TAKEN,
    );

    const deleted = await call(`/users/${employee.id}/stations/${mine.id}`, { ...employeeSession, method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const row = await db.select().from(homeStations).where(eq(homeStations.id, mine.id)).get();
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const list = (await (await call(`/users/${employee.id}/stations`, employeeSession)).json()) as {
      data: HomeStation[];
    };
    expect(list.data.map((s) => s.id)).not.toContain(mine.id);
    await expectError(
      await call(`/users/${employee.id}/stations/${mine.id}`, { ...employeeSession, method: 'DELETE' }),
      404,
      STATION_NOT_FOUND,
    );
    const again = await post(
      colleague.id,
      { name: 'Now mine', stationUid: station.uid, isOffline: false },
      colleagueSession,
    );
    expect(again.status).toBe(201);
  });

  it('switches between offline and online and renames; online needs a linked station', async () => {
    const station = await stationOf(manager.company.id);
    const online = (await (
      await post(employee.id, { name: 'Drive', stationUid: station.uid, isOffline: false }, employeeSession)
    ).json()) as HomeStation;
    const off = await call(`/users/${employee.id}/stations/${online.id}`, {
      ...managerSession,
      method: 'PUT',
      json: { isOffline: true, name: 'Driveway' },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ isOffline: true, name: 'Driveway', station: { uid: station.uid } });

    const offlineOnly = (await (
      await post(employee.id, { name: 'Cellar', isOffline: true }, employeeSession)
    ).json()) as HomeStation;
    await expectError(
      await call(`/users/${employee.id}/stations/${offlineOnly.id}`, {
        ...employeeSession,
        method: 'PUT',
        json: { isOffline: false },
      }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'An online home station needs the id of a station of our network.',
        field: 'isOffline',
      },
    );
  });

  it('lets an employee reach only their own stations: another employee’s answer 404', async () => {
    const own = (await (
      await post(employee.id, { name: 'Private', isOffline: true }, employeeSession)
    ).json()) as HomeStation;
    await expectError(await call(`/users/${employee.id}/stations`, colleagueSession), 404, USER_NOT_FOUND);
    await expectError(
      await post(employee.id, { name: 'Sneaky', isOffline: true }, colleagueSession),
      404,
      USER_NOT_FOUND,
    );
    await expectError(
      await call(`/users/${employee.id}/stations/${own.id}`, { ...colleagueSession, method: 'DELETE' }),
      404,
      USER_NOT_FOUND,
    );
    await expectError(
      await call(`/users/${employee.id}/stations/${own.id}/invoices`, colleagueSession),
      404,
      USER_NOT_FOUND,
    );
    // The colleague naming their own id with the employee's station: not theirs.
    await expectError(
      await call(`/users/${colleague.id}/stations/${own.id}`, {
        ...colleagueSession,
        method: 'PUT',
        json: { name: 'x' },
      }),
      404,
      STATION_NOT_FOUND,
    );
    const row = await db.select().from(homeStations).where(eq(homeStations.id, own.id)).get();
    expect(row).toMatchObject({ name: 'Private', deletedAt: null });
  });

  it('answers 404 for a user of another company, and lets a viewer (role 31) read but not change', async () => {
    const other = await world({ company: COMPANY });
    await expectError(await call(`/users/${other.user.id}/stations`, managerSession), 404, USER_NOT_FOUND);
    await expectError(await post(other.user.id, { name: 'x', isOffline: true }, managerSession), 404, USER_NOT_FOUND);

    const viewer = await createUser(
      db,
      {
        companyId: manager.company.id,
        email: `${unique('viewer')}@example.test`,
        password: 'correct horse battery',
        roles: [ROLE.FLEET_MANAGER_VIEW],
      },
      { iterations: 1000 },
    );
    const viewerSession = await login(viewer.email, 'correct horse battery');
    expect((await call(`/users/${employee.id}/stations`, viewerSession)).status).toBe(200);
    await expectError(await post(employee.id, { name: 'x', isOffline: true }, viewerSession), 403, {
      code: 'FORBIDDEN',
      message: FORBIDDEN,
    });
  });

  it('lists the monthly statements of a home station (none before the monthly job runs)', async () => {
    const own = (await (
      await post(employee.id, { name: 'Statements', isOffline: true }, employeeSession)
    ).json()) as HomeStation;
    const res = await call(`/users/${employee.id}/stations/${own.id}/invoices`, managerSession);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [] });
    await expectError(
      await call(`/users/${employee.id}/stations/999999999/invoices`, managerSession),
      404,
      STATION_NOT_FOUND,
    );
  });
});
