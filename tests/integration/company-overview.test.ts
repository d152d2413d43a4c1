/**
 * The company overview (issue 20 part 9, `GET /company/{companyId}/overview`): every figure equals the
 * hand-counted fixture of one company and its subtree; the parent's overview adds its other branches; a
 * brand-new company is all zeros; a company outside the caller's tree is 404. And closed companies (ADR
 * 050): new users, back-office staff, user moves, user and station imports, station onboarding and
 * station moves into a closed company answer 409, and the pickers leave it out; reopened, it takes them
 * again.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { overviewMonths } from '../../domain/companies/overview';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { chargingSessions, companies, maintenanceTickets, rfids } from '../../drizzle/schema';
import { createCompany, createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { ensureStationTemplates } from '../../drizzle/seed/station-templates';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const CLOSED = { code: 'COMPANY_CLOSED', message: 'The company is closed; reopen it to add users or stations.' };
const OPERATOR = { cpms: 'public' as const };

interface Overview {
  company: { id: number; name: string; is_closed: boolean; currency: string };
  companies: { total: number; open: number; closed: number };
  stations: { total: number; online: number; offline: number };
  connectors: { total: number; by_status: Record<string, number> };
  this_month: { sessions: number; energy_wh: number; revenue: number };
  last_month: { sessions: number; energy_wh: number; revenue: number };
  users: { total: number; backoffice: number; private: number };
  active_cards: number;
  open_tickets: number;
  stripe_onboarding: string | null;
  brand_new: boolean;
}

interface Node {
  id: number;
  isClosed: boolean;
  children: Node[];
}
const flatten = (n: Node): Node[] => [n, ...n.children.flatMap(flatten)];

let root: World;
let superSession: Session;
let a: { id: number };
let a1: { id: number };
let b: { id: number };
let stationA: { id: number };
let driver: { id: number };

const overviewOf = async (companyId: number, s: Session = superSession) => {
  const res = await call(`/company/${companyId}/overview`, s);
  expect(res.status).toBe(200);
  return (await res.json()) as Overview;
};

/** A priced session of `minor` operator revenue and `wh` energy at `at`. */
const session = (station: { id: number }, companyId: number, at: number, wh: number, minor: number, qr = false) => ({
  cdrId: unique('cdr'),
  stationId: station.id,
  connectorNumber: 1,
  companyId,
  authId: qr ? 'QR-1' : 'TAG1',
  startMethod: qr ? 'QR' : 'RFID',
  startKey: unique('k'),
  startAt: new Date(at),
  endAt: new Date(at + 3_600_000),
  meterStartWh: 0,
  meterStopWh: wh,
  energyWh: wh,
  status: 'closed' as const,
  pricingStatus: 'priced' as const,
  subcpoTotal: minor,
});

beforeAll(async () => {
  root = await world({
    roles: [ROLE.SUPER_USER],
    company: { ...OPERATOR, isEvfleet: true, services: [SERVICE.MANAGE_USERS, SERVICE.ONBOARD_STATIONS] },
  });
  superSession = await login(root.email, root.password, root.ip);
  a = await createCompany(db, { name: unique('A'), parentCompanyId: root.company.id, ...OPERATOR });
  a1 = await createCompany(db, {
    name: unique('A1'),
    parentCompanyId: a.id,
    ...OPERATOR,
    isEvfleet: true,
    services: [SERVICE.MANAGE_USERS, SERVICE.ONBOARD_STATIONS],
    isClosed: true,
  });
  // Deleted: leaves the company count, its history stays in the subtree (none here).
  await createCompany(db, { name: unique('A2'), parentCompanyId: a.id, deletedAt: new Date(), isClosed: true });
  b = await createCompany(db, { name: unique('B'), parentCompanyId: root.company.id, ...OPERATOR });

  const tag = unique('OV').toUpperCase();
  stationA = await createStation(db, { uid: `${tag}-A`, companyId: a.id, connected: true });
  await createConnector(db, { stationId: stationA.id, connectorNumber: 1, status: 'available' });
  await createConnector(db, { stationId: stationA.id, connectorNumber: 2, status: 'charging' });
  // Offline station: its available connector shows offline.
  const stationA1 = await createStation(db, { uid: `${tag}-A1`, companyId: a1.id, connected: false });
  await createConnector(db, { stationId: stationA1.id, connectorNumber: 1, status: 'available' });
  // Hidden (retired): in no figure.
  const hidden = await createStation(db, { uid: `${tag}-H`, companyId: a.id, connected: true, hidden: true });
  await createConnector(db, { stationId: hidden.id, connectorNumber: 1, status: 'available' });
  const stationB = await createStation(db, { uid: `${tag}-B`, companyId: b.id, connected: true });
  await createConnector(db, { stationId: stationB.id, connectorNumber: 1, status: 'faulted' });

  const user = (companyId: number, extra: Partial<Parameters<typeof createUser>[1]>) =>
    createUser(db, { companyId, email: `${unique('u')}@example.test`, ...extra });
  driver = await user(a.id, {});
  await user(a.id, { roles: [ROLE.ADMINISTRATIVE_SERVICES] });
  await user(a.id, { onlyPrivate: true });
  await user(a.id, { status: 'deleted', deletedAt: new Date() });
  await user(a1.id, {});
  await user(b.id, {});

  const card = (companyId: number, extra: Partial<typeof rfids.$inferInsert> = {}) => ({
    companyId,
    keyHangerCode: unique('K'),
    uuid: unique('UID').toUpperCase(),
    ...extra,
  });
  await db
    .insert(rfids)
    .values([
      card(a.id, { userId: driver.id }),
      card(a.id, { status: 'blocked', blockedAt: new Date() }),
      card(a.id, { expiresAt: new Date(Date.now() - 86_400_000) }),
      card(a1.id),
    ]);

  const ticket = (stationId: number, companyId: number, resolved: boolean) => ({
    companyId,
    stationId,
    title: 'Cable',
    problem: 'Damaged cable',
    resolved,
  });
  await db
    .insert(maintenanceTickets)
    .values([ticket(stationA.id, a.id, false), ticket(stationA.id, a.id, true), ticket(stationA1.id, a1.id, false)]);

  const now = Date.now();
  const { thisMonth, lastMonth } = overviewMonths(now);
  const inThisMonth = thisMonth.from + Math.floor((now - thisMonth.from) / 2);
  const inLastMonth = lastMonth.from + 2 * 86_400_000;
  await db
    .insert(chargingSessions)
    .values([
      session(stationA, a.id, inThisMonth, 3000, 500),
      session(stationA, a.id, inThisMonth, 4000, 700),
      session(stationA, a.id, inThisMonth, 1000, 999, true),
      session(stationA1, a1.id, inLastMonth, 2000, 300),
      session(stationB, b.id, inThisMonth, 9000, 10_000),
    ]);
});

describe('GET /company/{companyId}/overview', () => {
  it('counts one company and its subtree as the fixture holds them', async () => {
    const o = await overviewOf(a.id);
    expect(o.company).toMatchObject({ id: a.id, is_closed: false, currency: 'EUR' });
    expect(o.companies).toEqual({ total: 2, open: 1, closed: 1 });
    expect(o.stations).toEqual({ total: 2, online: 1, offline: 1 });
    expect(o.connectors.total).toBe(3);
    expect(o.connectors.by_status).toMatchObject({ available: 1, charging: 1, offline: 1, faulted: 0 });
    // QR sessions count and charge energy, but carry no operator price (as the multi-flow session list).
    expect(o.this_month).toMatchObject({ sessions: 3, energy_wh: 8000, revenue: 1200 });
    expect(o.last_month).toMatchObject({ sessions: 1, energy_wh: 2000, revenue: 300 });
    expect(o.users).toEqual({ total: 4, backoffice: 1, private: 1 });
    expect(o.active_cards).toBe(2);
    expect(o.open_tickets).toBe(2);
    expect(o.stripe_onboarding).toBe('todo');
    expect(o.brand_new).toBe(false);
  });

  it('aggregates every branch in the parent’s overview', async () => {
    const o = await overviewOf(root.company.id);
    expect(o.companies).toEqual({ total: 4, open: 3, closed: 1 });
    expect(o.stations).toEqual({ total: 3, online: 2, offline: 1 });
    expect(o.connectors.by_status).toMatchObject({ available: 1, charging: 1, offline: 1, faulted: 1 });
    expect(o.this_month).toMatchObject({ sessions: 4, energy_wh: 17_000, revenue: 11_200 });
    // The super user (role 50) is staff of the root company.
    expect(o.users).toEqual({ total: 6, backoffice: 2, private: 1 });
  });

  it('shows a brand-new company as all zeros', async () => {
    const fresh = await createCompany(db, { name: unique('New'), parentCompanyId: root.company.id });
    await createUser(db, {
      companyId: fresh.id,
      email: `${unique('admin')}@example.test`,
      roles: [ROLE.ADMINISTRATIVE_SERVICES],
    });
    const o = await overviewOf(fresh.id);
    expect(o.brand_new).toBe(true);
    expect(o.stations.total + o.connectors.total + o.this_month.sessions + o.active_cards + o.open_tickets).toBe(0);
    expect(o.users).toEqual({ total: 1, backoffice: 1, private: 0 });
    expect(o.stripe_onboarding).toBeNull();
  });

  it('refuses a company outside the caller’s tree (404) and callers without companies:manage (403)', async () => {
    const outsider = await createCompany(db, { name: unique('Outsider'), ...OPERATOR });
    await expectError(await call(`/company/${outsider.id}/overview`, superSession), 404, {
      code: 'NOT_FOUND',
      message: `Company id: ${outsider.id} not found.`,
    });
    const operatorOfB = await world({ roles: [ROLE.SUPER_USER_OPERATOR], user: { companyId: b.id } });
    const bSession = await login(operatorOfB.email, operatorOfB.password, operatorOfB.ip);
    expect((await call(`/company/${a.id}/overview`, bSession)).status).toBe(404);
    expect((await call(`/company/${b.id}/overview`, bSession)).status).toBe(200);
    const admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], user: { companyId: a.id } });
    const adminSession = await login(admin.email, admin.password, admin.ip);
    expect((await call(`/company/${a.id}/overview`, adminSession)).status).toBe(403);
  });
});

describe('a closed company takes no new users or stations', () => {
  it('answers 409 to every way in, and offers it in no picker', async () => {
    const email = () => `${unique('new')}@example.test`;
    const refused = async (res: Response, field: string) => expectError(res, 409, { ...CLOSED, field });
    await refused(
      await call('/users/create', {
        ...superSession,
        json: { email: email(), corporate_group_id: 1, company_id: a1.id },
      }),
      'company_id',
    );
    await refused(
      await call('/backoffice/add', {
        ...superSession,
        json: { email: email(), roles: [ROLE.ADMINISTRATIVE_SERVICES], company_id: a1.id },
      }),
      'company_id',
    );
    await refused(
      await call(`/users/${driver.id}/move`, { ...superSession, method: 'PUT', json: { company_id: a1.id } }),
      'company_id',
    );
    await refused(
      await call('/stations/move', {
        ...superSession,
        json: { stationIds: [stationA.id], targetCompanyId: a1.id, confirm: true },
      }),
      'targetCompanyId',
    );
    await ensureStationTemplates(db);
    const templates = (await (await call('/station-templates', superSession)).json()) as { data: { id: number }[] };
    const templateId = templates.data[0]?.id;
    await refused(
      await call('/stations/create-from-template', {
        ...superSession,
        json: { mode: 'online', templateId, companyId: a1.id },
      }),
      'companyId',
    );

    const targets = (await (await call('/stations/move-targets', superSession)).json()) as { data: { id: number }[] };
    expect(targets.data.map((t) => t.id)).toContain(a.id);
    expect(targets.data.map((t) => t.id)).not.toContain(a1.id);
    const me = (await (await call('/me', superSession)).json()) as { companies: Node };
    const flat = flatten(me.companies);
    expect(flat.find((n) => n.id === a1.id)?.isClosed).toBe(true);
    expect(flat.find((n) => n.id === a.id)?.isClosed).toBe(false);
  });

  it('refuses the user and station imports while the closed company is the selected one', async () => {
    const inA1 = await login(root.email, root.password, root.ip);
    const switched = await call('/me/company', { ...inA1, method: 'PUT', json: { companyId: a1.id } });
    expect(switched.status).toBe(200);
    await expectError(await call('/users/import', { ...inA1, method: 'POST' }), 409, CLOSED);
    await expectError(await call('/stations/import', { ...inA1, method: 'POST' }), 409, CLOSED);
  });

  it('takes them again once reopened', async () => {
    const reopen = await call(`/company/${a1.id}/closed`, {
      ...superSession,
      method: 'PUT',
      json: { is_closed: false },
    });
    expect(reopen.status).toBe(200);
    const res = await call('/backoffice/add', {
      ...superSession,
      json: { email: `${unique('new')}@example.test`, roles: [ROLE.ADMINISTRATIVE_SERVICES], company_id: a1.id },
    });
    expect(res.status).toBe(201);
    const moved = await call('/stations/move', {
      ...superSession,
      json: { stationIds: [stationA.id], targetCompanyId: a1.id, confirm: true },
    });
    expect(moved.status).toBe(200);
    await db.update(companies).set({ isClosed: true }).where(eq(companies.id, a1.id));
  });
});
