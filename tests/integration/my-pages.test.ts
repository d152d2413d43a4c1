/**
 * A private user's own pages (issue 21 part 7, spec 7.10) inside workerd: the year overview equals the hand
 * sums of the seeded sessions; sessions, stations, connectors and invoices are the caller's own (another
 * user's id answers 404); the PDF export holds the filtered rows; a caller without role 55 is refused.
 */
import { billingCustomers, billingInvoiceLines, billingInvoices, chargingSessions, homeStations } from '@db/schema';
import { createCompany, createConnector, createStation, createUser } from '@db/seed/factories';
import { sessionCo2 } from '@domain/co2';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, failOnConsoleError, insertDriverSessions, login, type Session, unique, world } from './helpers';
import { readPdf } from './pdf-text';

failOnConsoleError();

const at = (iso: string) => new Date(iso);

let me: Session;
let meId: number;
let neighbourId: number;
let myHome: number;
let neighbourHome: number;
let myConnector: number;
let neighbourConnector: number;
let myPriced: number;
let neighbourSession: number;
const invoices = { mine: 0, shared: 0, neighbours: 0 };

async function json<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  const mine = await world({ roles: [ROLE.SELF_CHARGE] });
  meId = mine.user.id;
  const neighbour = await createUser(
    db,
    { companyId: mine.company.id, email: `${unique('neighbour')}@example.test`, roles: [ROLE.SELF_CHARGE] },
    { iterations: 1000 },
  );
  neighbourId = neighbour.id;
  const operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  const home = await createStation(db, {
    uid: unique('HOME'),
    name: 'My wallbox',
    companyId: mine.company.id,
    type: 'home',
  });
  const nHome = await createStation(db, {
    uid: unique('NHOME'),
    name: 'Their wallbox',
    companyId: mine.company.id,
    type: 'home',
  });
  const pub = await createStation(db, { uid: unique('PUB'), name: 'Gare', companyId: operator.id, type: 'public' });
  const kHome = await createConnector(db, { stationId: home.id, connectorNumber: 1, uid: unique('K') });
  const kNHome = await createConnector(db, { stationId: nHome.id, connectorNumber: 1, uid: unique('K') });
  const kPub = await createConnector(db, { stationId: pub.id, connectorNumber: 1, uid: unique('K') });
  myConnector = kHome.id;
  neighbourConnector = kNHome.id;
  const links = await db
    .insert(homeStations)
    .values([
      { companyId: mine.company.id, userId: meId, stationId: home.id, name: 'Home' },
      { companyId: mine.company.id, userId: neighbourId, stationId: nHome.id, name: 'Neighbour home' },
    ])
    .returning();
  myHome = links[0]?.id ?? 0;
  neighbourHome = links[1]?.id ?? 0;

  const session = (
    userId: number,
    st: { id: number; companyId: number },
    connectorId: number,
    start: string,
    energyWh: number,
    price: number | null,
    status: 'closed' | 'in_progress' = 'closed',
  ) => ({
    cdrId: unique('cdr'),
    stationId: st.id,
    connectorId,
    connectorNumber: 1,
    companyId: st.companyId,
    userId,
    authId: 'P',
    startKey: unique('k'),
    startAt: at(start),
    endAt: status === 'closed' ? new Date(at(start).getTime() + 3_600_000) : null,
    meterStartWh: 0,
    energyWh,
    durationS: 3600,
    status,
    currency: 'EUR',
    pricingStatus: price === null ? ('unpriced' as const) : ('priced' as const),
    empTotal: price,
    empNetTotal: price === null ? null : Math.round(price / 1.2),
  });
  // One row a statement: D1 binds at most 100 variables.
  const rows: { id: number }[] = [];
  for (const values of [
    session(meId, pub, kPub.id, '2025-03-10T10:00:00Z', 10_000, 450),
    session(meId, home, kHome.id, '2025-03-20T18:00:00Z', 20_000, 900),
    session(meId, home, kHome.id, '2025-07-01T18:00:00Z', 5_000, null, 'in_progress'),
    session(meId, pub, kPub.id, '2024-05-05T10:00:00Z', 1_000, 100),
    // The neighbour charged at their station and once at mine.
    session(neighbourId, nHome, kNHome.id, '2025-03-15T10:00:00Z', 7_000, 300),
    session(neighbourId, home, kHome.id, '2025-04-01T10:00:00Z', 2_000, 80),
  ])
    rows.push(...(await db.insert(chargingSessions).values(values).returning({ id: chargingSessions.id })));
  myPriced = rows[0]?.id ?? 0;
  neighbourSession = rows[4]?.id ?? 0;
  const [mySecond, , , , neighbourAtMine] = rows.slice(1).map((r) => r.id);

  const [customer] = await db
    .insert(billingCustomers)
    .values({ companyId: mine.company.id, ownerCompanyId: operator.id, name: 'Private customers' })
    .returning();
  const invoice = async (number: string, lines: [sessionId: number, amount: number][]) => {
    const [inv] = await db
      .insert(billingInvoices)
      .values({
        ownerCompanyId: operator.id,
        companyId: mine.company.id,
        customerId: customer?.id ?? 0,
        kind: 'one_time',
        number,
        status: 'paid',
        currency: 'EUR',
        total: lines.reduce((s, [, a]) => s + a, 0),
        invoicePdf: `https://invoices.example.test/${number}.pdf`,
      })
      .returning();
    await db.insert(billingInvoiceLines).values(
      lines.map(([sessionId, amount]) => ({
        invoiceId: inv?.id ?? 0,
        kind: 'session' as const,
        description: `Session ${sessionId}`,
        unitAmount: amount,
        amount,
        currency: 'EUR',
        sessionId,
      })),
    );
    return inv?.id ?? 0;
  };
  invoices.mine = await invoice(unique('INV-MINE'), [[myPriced, 450]]);
  invoices.shared = await invoice(unique('INV-SHARED'), [
    [mySecond ?? 0, 900],
    [neighbourSession, 300],
  ]);
  invoices.neighbours = await invoice(unique('INV-THEIRS'), [[neighbourAtMine ?? 0, 80]]);

  me = await login(mine.email, mine.password, mine.ip);
});

describe('my overview', () => {
  type Overview = {
    year: number;
    sessions: number;
    energy_wh: number;
    average_energy_wh: number;
    unpriced_sessions: number;
    spend: { currency: string; amount: number; sessions: number; average: number }[];
    months: { month: number; sessions: number; energy_wh: number }[];
    years: number[];
    co2: { baseline_kg: number; project_kg: number; avoided_kg: number } | null;
  };

  it('sums the year of the caller’s own sessions as by hand', async () => {
    const o = await json<Overview>(await call(`/my-data/${meId}/my-overview?year=2025`, me));
    expect(o.sessions).toBe(3);
    expect(o.energy_wh).toBe(10_000 + 20_000 + 5_000);
    expect(o.average_energy_wh).toBe(Math.round(35_000 / 3));
    expect(o.unpriced_sessions).toBe(1);
    expect(o.spend).toEqual([{ currency: 'EUR', amount: 450 + 900, sessions: 2, average: 675 }]);
    expect(o.months[2]).toMatchObject({ month: 3, sessions: 2, energy_wh: 30_000 });
    expect(o.months[6]).toMatchObject({ month: 7, sessions: 1, energy_wh: 5_000 });
    expect(o.months.reduce((s, m) => s + m.sessions, 0)).toBe(3);
    expect(o.years).toEqual([2025, 2024]);
    // CO2 avoided (ADR 053): the closed sessions only, one March group (no country: the fallback grid factor).
    const march = sessionCo2({ energyWh: 30_000, country: '', year: 2025, renewable: false });
    expect(o.co2?.avoided_kg).toBeCloseTo(march.avoidedKg, 2);
    expect(o.co2?.avoided_kg).toBeGreaterThan(0);
    const other = await json<Overview>(await call(`/my-data/${meId}/my-overview?year=2023`, me));
    expect([other.sessions, other.energy_wh, other.spend]).toEqual([0, 0, []]);
  });

  it('answers 404 for another user’s id', async () => {
    expect((await call(`/my-data/${neighbourId}/my-overview?year=2025`, me)).status).toBe(404);
  });
});

describe('my sessions', () => {
  type Page = {
    data: { id: number; station_name: string; energy_wh: number; price_total: number | null }[];
    total: number;
  };
  const year2025 = { from: '2025-01-01T00:00:00+01:00', to: '2026-01-01T00:00:00+01:00' };

  it('lists only the caller’s sessions, newest first, filtered and paged', async () => {
    const all = await json<Page>(await call('/my-sessions', { ...me, json: {} }));
    expect(all.total).toBe(4);
    expect(all.data.map((s) => s.energy_wh)).toEqual([5_000, 20_000, 10_000, 1_000]);
    expect(all.data.map((s) => s.price_total)).toEqual([null, 900, 450, 100]);
    expect((await json<Page>(await call('/my-sessions', { ...me, json: year2025 }))).total).toBe(3);
    const closed = await json<Page>(await call('/my-sessions', { ...me, json: { ...year2025, status: 'closed' } }));
    expect(closed.total).toBe(2);
    const page = await json<Page>(await call('/my-sessions', { ...me, json: { items_per_page: 3, page: 1 } }));
    expect(page.data.map((s) => s.energy_wh)).toEqual([1_000]);
  });

  it('exports the filtered list as a PDF with its rows', async () => {
    const res = await call('/my-sessions', { ...me, json: { ...year2025, format: 'pdf' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-export-rows')).toBe('3');
    const { file, pages } = await readPdf(res);
    expect(file.startsWith('%PDF-')).toBe(true);
    expect(pages).toContain('(My sessions) Tj');
    expect(pages).toContain('(3 sessions in this document.) Tj');
    expect(pages).toContain('(1 sessions are unpriced; their prices are not in the sums.) Tj');
    const none = await call('/my-sessions', {
      ...me,
      json: { from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z', format: 'pdf' },
    });
    expect(none.headers.get('x-export-rows')).toBe('0');
  });

  it('shows one of the caller’s sessions with the driver’s price; another user’s is 404', async () => {
    const d = await json<{
      session: { id: number; price_total: number };
      price: { priced: boolean; lines: { key: string; value: number | null }[] };
    }>(await call(`/my-sessions/${myPriced}`, me));
    expect(d.session.id).toBe(myPriced);
    expect(d.price.priced).toBe(true);
    expect(d.price.lines.find((l) => l.key === 'total')?.value).toBe(450);
    expect((await call(`/my-sessions/${neighbourSession}`, me)).status).toBe(404);
  });
});

describe('my stations', () => {
  it('lists the caller’s linked stations only; another user’s station and connector are 404', async () => {
    const list = await json<{ data: { id: number; connectors: { id: number }[] }[] }>(await call('/my-stations', me));
    expect(list.data.map((s) => s.id)).toEqual([myHome]);
    expect(list.data[0]?.connectors.map((k) => k.id)).toEqual([myConnector]);
    expect((await call(`/my-stations/${neighbourHome}`, me)).status).toBe(404);
    expect((await call(`/my-connector/${neighbourConnector}?year=2025`, me)).status).toBe(404);
  });

  it('counts the year at the station, everyone’s sessions, and marks the caller’s', async () => {
    const d = await json<{ sessions: number; energy_wh: number; per_connector: { sessions: number }[] }>(
      await call(`/my-stations/${myHome}?year=2025`, me),
    );
    expect([d.sessions, d.energy_wh]).toEqual([3, 20_000 + 5_000 + 2_000]);
    expect(d.per_connector).toEqual([{ connector_id: myConnector, sessions: 3, energy_wh: 27_000 }]);
    const k = await json<{
      sessions: number;
      months: { sessions: number }[];
      list: { data: { mine: boolean }[]; total: number };
    }>(await call(`/my-connector/${myConnector}?year=2025`, me));
    expect(k.list.total).toBe(3);
    expect(k.list.data.map((s) => s.mine)).toEqual([true, false, true]);
    expect(k.months[3]?.sessions).toBe(1);
  });
});

describe('my invoices', () => {
  type Inv = {
    id: number;
    whole: boolean;
    total: number | null;
    my_amount: number;
    my_sessions: number;
    invoice_pdf: string | null;
  };

  it('lists the invoices of the caller’s sessions with their share; a shared one hides its total and PDF', async () => {
    const page = await json<{ data: Inv[]; total: number }>(await call('/my-invoices', { ...me, json: {} }));
    expect(page.data.map((i) => i.id).sort()).toEqual([invoices.mine, invoices.shared].sort());
    const mine = page.data.find((i) => i.id === invoices.mine);
    expect(mine).toMatchObject({ whole: true, total: 450, my_amount: 450, my_sessions: 1 });
    expect(mine?.invoice_pdf).toMatch(/\.pdf$/);
    const shared = page.data.find((i) => i.id === invoices.shared);
    expect(shared).toMatchObject({ whole: false, total: null, my_amount: 900, my_sessions: 1, invoice_pdf: null });
  });

  it('shows one invoice with the caller’s lines only; another user’s invoice is 404', async () => {
    const d = await json<{ lines: { amount: number }[] }>(await call(`/my-invoices/${invoices.shared}`, me));
    expect(d.lines.map((l) => l.amount)).toEqual([900]);
    expect((await call(`/my-invoices/${invoices.neighbours}`, me)).status).toBe(404);
  });
});

describe('access', () => {
  it('refuses a caller without the self-charge role and an anonymous one', async () => {
    const fleet = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: { isEvfleet: true } });
    const manager = await login(fleet.email, fleet.password, fleet.ip);
    expect((await call('/my-sessions', { ...manager, json: {} })).status).toBe(403);
    expect((await call('/my-stations', manager)).status).toBe(403);
    expect((await call('/my-invoices', { json: {} })).status).toBe(401);
  });
});

describe("what fleet managers see of private users' sessions (settings 52-56)", () => {
  type Private = {
    session_scope: string;
    sessions: { station_type: string; status: string; email: string | null; email_hidden: boolean }[];
  };
  const { PRIVATE_USER_LIST: S52, PRIVATE_USERS_PRIVATE_SESSIONS: S53 } = SERVICE;
  const { PRIVATE_USERS_PRIVATE_AND_OTHER_SESSIONS: S54, PRIVATE_USERS_ALL_SESSIONS: S55 } = SERVICE;
  const S56 = SERVICE.PRIVATE_EMAIL_ON_ACTIVE_SESSIONS;

  /** A fleet with these settings, a private driver with a closed session at each station type and one in progress at home. */
  async function privateList(services: number[]) {
    const w = await world({ roles: [ROLE.FLEET_MANAGER_VIEW], company: { isEvfleet: true, services } });
    const driver = await createUser(db, {
      companyId: w.company.id,
      email: `${unique('private')}@example.test`,
      onlyPrivate: true,
    });
    const st = async (type: 'home' | 'private' | 'work' | 'public') =>
      (await createStation(db, { uid: unique(type.toUpperCase()), companyId: w.company.id, type })).id;
    const [home, priv, work, pub] = [await st('home'), await st('private'), await st('work'), await st('public')];
    await insertDriverSessions(driver, w.company.id, [
      [home, 'closed'],
      [priv, 'closed'],
      [work, 'closed'],
      [pub, 'closed'],
      [home, 'in_progress'],
    ]);
    const res = await call('/users/private', { ...(await login(w.email, w.password, w.ip)), json: {} });
    if (res.status !== 200) return { status: res.status, driver };
    const body = (await res.json()) as Private;
    const closedTypes = body.sessions
      .filter((x) => x.status === 'closed')
      .map((x) => x.station_type)
      .sort();
    const active = body.sessions.find((x) => x.status === 'in_progress');
    return { status: 200, driver, scope: body.session_scope, closedTypes, active };
  }

  it.each([
    { services: [S53], status: 403, scope: undefined, types: undefined },
    { services: [S52], status: 200, scope: 'none', types: [] },
    { services: [S52, S53], status: 200, scope: 'private', types: ['home', 'private'] },
    { services: [S52, S54], status: 200, scope: 'private_and_other', types: ['home', 'private', 'work'] },
    { services: [S52, S55], status: 200, scope: 'all', types: ['home', 'private', 'public', 'work'] },
  ])('settings $services: $status, scope $scope, sessions at $types', async ({ services, status, scope, types }) => {
    const got = await privateList(services);
    expect([got.status, got.scope, got.closedTypes]).toEqual([status, scope, types]);
  });

  it('hides the e-mail of a session in progress unless setting 56 is on (GDPR)', async () => {
    const hidden = await privateList([S52, S55]);
    expect([hidden.active?.email, hidden.active?.email_hidden]).toEqual([null, true]);
    const shown = await privateList([S52, S55, S56]);
    expect([shown.active?.email, shown.active?.email_hidden]).toEqual([shown.driver.email, false]);
  });

  it("keeps a private user's e-mail off the fleet's active sessions unless setting 56 is on", async () => {
    const emailsOnActive = async (services: number[]) => {
      const op = await world({ roles: [ROLE.FLEET_MANAGER_VIEW], company: { isEvfleet: true, services } });
      const station = await createStation(db, { uid: unique('ACT'), companyId: op.company.id, type: 'public' });
      const mail = () => `${unique('driver')}@example.test`;
      const privateDriver = await createUser(db, { companyId: op.company.id, email: mail(), onlyPrivate: true });
      const worker = await createUser(db, { companyId: op.company.id, email: mail(), canChargeWork: true });
      await insertDriverSessions(privateDriver, op.company.id, [[station.id, 'in_progress']]);
      await insertDriverSessions(worker, op.company.id, [[station.id, 'in_progress']]);
      const res = await call('/sessions/fleet/active', await login(op.email, op.password, op.ip));
      const { data } = await json<{ data: { user_email: string | null }[] }>(res);
      return { emails: data.map((r) => r.user_email).sort(), privateDriver, worker };
    };
    const without = await emailsOnActive([]);
    expect(without.emails).toEqual([without.worker.email, null].sort());
    const withSetting = await emailsOnActive([S56]);
    expect(withSetting.emails).toEqual([withSetting.privateDriver.email, withSetting.worker.email].sort());
  });
});
