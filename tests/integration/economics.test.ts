/**
 * Connector economics (issue 21 part 3): GET /connectors/economics per station and per connector group
 * equals hand sums over seeded sessions (CPO revenue, cost = Wh × the station company's kWh net cost,
 * margin), a company without net cost (no cost, no margin, named for the settings link), paging and
 * sorting by margin, scope; GET /active-subscriptions counts only the tree's active contracts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import {
  chargingSessions,
  connectorGroupConnectors,
  connectorGroups,
  subscriptionContracts,
  userSubscriptionContracts,
} from '../../drizzle/schema';
import { createCompany, createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const DAY0 = Date.UTC(2025, 4, 1);
const PERIOD = 'from=2025-05-01T00:00:00Z&to=2025-06-01T00:00:00Z';

interface Figures {
  id?: number;
  name?: string | null;
  currency: string;
  sessions: number;
  energy_wh: number;
  revenue: number | null;
  unpriced_sessions: number;
  cost: number | null;
  margin: number | null;
  margin_percent: number | null;
  sessions_without_cost?: number;
}
interface Answer {
  data: Figures[];
  total: number;
  totals: Figures[];
  companies_without_cost: { id: number; name: string }[];
}

let root: World;
let session: Session;
let child: { id: number; name: string };
let stations: Record<'a' | 'b' | 'c' | 'x', { id: number }>;
let connectorA: number;
let connectorC: number;
let groupId: number;

const sessionRow = (
  station: { id: number },
  connectorId: number,
  companyId: number,
  at: number,
  wh: number,
  subcpo: number | null,
  status: 'closed' | 'in_progress' = 'closed',
) => ({
  cdrId: unique('cdr'),
  stationId: station.id,
  connectorId,
  connectorNumber: 1,
  companyId,
  authId: 'TAG1',
  startMethod: 'RFID',
  startKey: unique('k'),
  startAt: new Date(at),
  endAt: new Date(at + 3_600_000),
  meterStartWh: 0,
  meterStopWh: wh,
  energyWh: wh,
  status,
  pricingStatus: subcpo === null ? ('unpriced' as const) : ('priced' as const),
  subcpoTotal: subcpo,
});

async function economics(query = '', as = session) {
  const res = await call(`/connectors/economics?${PERIOD}${query}`, as);
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

beforeAll(async () => {
  // The root company's kWh net cost: 0.2500 €/kWh (25,000 milli-cents); the child has none.
  root = await world({ roles: [ROLE.SUPER_USER], company: { cpms: 'public', kwhNetCost: 25_000 } });
  session = await login(root.email, root.password, root.ip);
  child = await createCompany(db, { name: unique('NoCost'), parentCompanyId: root.company.id, cpms: 'public' });
  const other = await createCompany(db, { name: unique('Other'), cpms: 'public', kwhNetCost: 10_000 });
  const tag = unique('EC');
  const a = await createStation(db, { uid: `${tag}-A`, name: 'Alpha', companyId: root.company.id });
  const b = await createStation(db, { uid: `${tag}-B`, name: 'Bravo', companyId: root.company.id });
  const c = await createStation(db, { uid: `${tag}-C`, name: 'Charlie', companyId: child.id });
  const x = await createStation(db, { uid: `${tag}-X`, name: 'Foreign', companyId: other.id });
  stations = { a, b, c, x };
  const conn = async (s: { id: number }, uid: string) =>
    (await createConnector(db, { stationId: s.id, connectorNumber: 1, uid })).id;
  connectorA = await conn(a, `${tag}-A-1`);
  const connectorB = await conn(b, `${tag}-B-1`);
  connectorC = await conn(c, `${tag}-C-1`);
  const connectorX = await conn(x, `${tag}-X-1`);
  const r = root.company.id;
  const rows = [
    // Alpha: 10 kWh + 6 kWh, revenue 400 + 300; cost 16 × 25 = 400 cents → margin 300 (42.86 %).
    sessionRow(a, connectorA, r, DAY0 + 3_600_000, 10_000, 400),
    sessionRow(a, connectorA, r, DAY0 + 86_400_000, 6_000, 300),
    // Bravo: 8 kWh, revenue 100, one unpriced 2 kWh; cost 10 × 25 = 250 → margin −150.
    sessionRow(b, connectorB, r, DAY0 + 2 * 86_400_000, 8_000, 100),
    sessionRow(b, connectorB, r, DAY0 + 3 * 86_400_000, 2_000, null),
    // Charlie (child, no net cost): 5 kWh, revenue 200.
    sessionRow(c, connectorC, child.id, DAY0 + 4 * 86_400_000, 5_000, 200),
    // Not counted: outside the period, in progress, another company's.
    sessionRow(a, connectorA, r, DAY0 - 3_600_000, 50_000, 5000),
    sessionRow(a, connectorA, r, DAY0 + 5 * 86_400_000, 40_000, null, 'in_progress'),
    sessionRow(x, connectorX, other.id, DAY0 + 3_600_000, 70_000, 9000),
  ];
  for (const row of rows) await db.insert(chargingSessions).values(row);
  const [group] = await db
    .insert(connectorGroups)
    .values({ companyId: r, name: 'Mixed', nameKey: unique('mixed') })
    .returning();
  groupId = group?.id ?? 0;
  await db.insert(connectorGroupConnectors).values([
    { groupId, connectorId: connectorA },
    { groupId, connectorId: connectorC },
  ]);
});

describe('GET /connectors/economics', () => {
  it('per station: the hand sums, sorted by margin, the child without net cost last', async () => {
    const e = await economics();
    expect(e.total).toBe(3);
    expect(e.data.map((d) => d.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(e.data[0]).toMatchObject({
      id: stations.a.id,
      sessions: 2,
      energy_wh: 16_000,
      revenue: 700,
      cost: 400,
      margin: 300,
      margin_percent: 42.86,
    });
    expect(e.data[1]).toMatchObject({ sessions: 2, energy_wh: 10_000, revenue: 100, unpriced_sessions: 1 });
    expect(e.data[1]).toMatchObject({ cost: 250, margin: -150, margin_percent: -150 });
    expect(e.data[2]).toMatchObject({ sessions: 1, energy_wh: 5000, revenue: 200, cost: null, margin: null });
    expect(e.companies_without_cost).toEqual([{ id: child.id, name: child.name }]);
    // Totals: every session, cost and margin over the costed four (revenue 800, cost 650).
    expect(e.totals).toEqual([
      {
        currency: 'EUR',
        sessions: 5,
        energy_wh: 31_000,
        revenue: 1000,
        unpriced_sessions: 1,
        cost: 650,
        margin: 150,
        margin_percent: 18.75,
        sessions_without_cost: 1,
      },
    ]);
  });

  it('pages and sorts in either direction', async () => {
    const page = await economics('&sort=margin&order=asc&items_per_page=1&page=0');
    expect(page.total).toBe(3);
    expect(page.data.map((d) => d.name)).toEqual(['Bravo']);
    const byEnergy = await economics('&sort=energy&order=desc');
    expect(byEnergy.data.map((d) => d.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('per connector group: a group with a session without net cost shows no cost', async () => {
    const e = await economics('&group_by=group');
    expect(e.data).toEqual([
      expect.objectContaining({ id: groupId, name: 'Mixed', sessions: 3, energy_wh: 21_000, revenue: 900, cost: null }),
    ]);
  });

  it("the child company's manager sees only its own station", async () => {
    const email = `${unique('child')}@example.test`;
    await createUser(db, { companyId: child.id, email, password: 'correct horse battery', roles: [ROLE.SUPER_USER] });
    const childSession = await login(email, 'correct horse battery');
    const e = await economics('', childSession);
    expect(e.data.map((d) => d.id)).toEqual([stations.c.id]);
    expect(e.totals[0]).toMatchObject({ sessions: 1, cost: null, margin: null, sessions_without_cost: 1 });
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await call('/connectors/economics?from=2025-06-01T00:00:00Z&to=2025-05-01T00:00:00Z', session);
    await expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'The period must start before it ends and last at most 366 days.',
      field: 'from',
    });
  });

  it('the per-connector totals answer 404 for a connector outside the tree', async () => {
    const email = `${unique('child2')}@example.test`;
    await createUser(db, { companyId: child.id, email, password: 'correct horse battery', roles: [ROLE.SUPER_USER] });
    const childSession = await login(email, 'correct horse battery');
    expect((await call(`/connectors/${connectorA}/total-local-stats`, childSession)).status).toBe(404);
    expect((await call(`/connectors/${connectorC}/total-local-stats`, childSession)).status).toBe(200);
    expect((await call(`/tags/${groupId}/total-local-stats`, childSession)).status).toBe(404);
  });
});

describe('GET /active-subscriptions', () => {
  it("counts the tree's active contracts only (not expired, cancelled or another company's)", async () => {
    const fleet = await world({
      roles: [ROLE.SUPER_USER],
      company: { isEvfleet: true, services: [SERVICE.MANAGE_USERS, SERVICE.IONITY_SUBSCRIPTIONS] },
    });
    const other = await world({ company: { isEvfleet: true } });
    const [contract] = await db
      .insert(subscriptionContracts)
      .values({ companyId: fleet.company.id, name: 'Plan', priceMinor: 0, durationMonths: 1, active: true })
      .returning();
    const now = Date.now();
    const rows = [
      { userId: fleet.user.id, status: 'active' as const, expiresAt: new Date(now + 86_400_000) },
      { userId: other.user.id, status: 'active' as const, expiresAt: new Date(now + 86_400_000) },
    ];
    const driver = await createUser(db, { companyId: fleet.company.id, email: `${unique('d')}@example.test` });
    rows.push({ userId: driver.id, status: 'active' as const, expiresAt: new Date(now - 1000) });
    const driver2 = await createUser(db, { companyId: fleet.company.id, email: `${unique('d')}@example.test` });
    await db.insert(userSubscriptionContracts).values([
      ...rows.map((r) => ({ ...r, contractId: contract?.id ?? 0, startsAt: new Date(now - 86_400_000) })),
      {
        userId: driver2.id,
        contractId: contract?.id ?? 0,
        status: 'cancelled' as const,
        startsAt: new Date(now - 86_400_000),
        expiresAt: new Date(now + 86_400_000),
      },
    ]);
    const s = await login(fleet.email, fleet.password, fleet.ip);
    const res = await call('/active-subscriptions', s);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; data: { user_id: number; status: string }[] };
    expect(body.total).toBe(1);
    expect(body.data).toEqual([expect.objectContaining({ user_id: fleet.user.id, status: 'active' })]);
    // Without the subscriptions permission (a driver of the fleet company): 403.
    expect((await call('/active-subscriptions', await login(other.email, other.password, other.ip))).status).toBe(403);
  });
});
