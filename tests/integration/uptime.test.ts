import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectorStatusHistory, connectors, faultTickets, jobRuns, maintenanceTickets } from '../../drizzle/schema';
import { DEMO_PASSWORD, seedDemo } from '../../drizzle/seed/demo';
import { createCompany, createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { faultTickets as faultTicketsJob, faultTicketsPass } from '../../workers/cron/src/fault-tickets';
import { call, db, expectError, failOnConsoleError, login, unique, world } from './helpers';

failOnConsoleError();

const H = 3_600_000;
const M = 60_000;
const DAY0 = Date.UTC(2025, 2, 1);
const PERIOD = `from=2025-03-01T00:00:00Z&to=2025-03-02T00:00:00Z`;

interface Row {
  connector_id: number;
  availability: number | null;
  under_target: boolean;
  unavailable_minutes: number;
  excluded_minutes: number;
  observed_minutes: number;
}
interface Report {
  network: { availability: number | null; connectors: number; under_target: number; unknown: number };
  data: Row[];
  total: number;
}

async function manager(companyId: number, roles: number[]) {
  const email = `${unique('uptime')}@example.test`;
  await createUser(db, { companyId, email, password: 'correct horse battery', roles }, { iterations: 1000 });
  return login(email, 'correct horse battery');
}

describe('uptime', () => {
  it('computes each connector’s availability from the history with exclusions, in the caller’s scope only', async () => {
    const w = await world({ roles: [32], company: { cpms: 'public' } });
    const other = await createCompany(db, { name: unique('Other'), cpms: 'public' });
    const tag = unique('UP');
    const station = await createStation(db, { uid: `${tag}-A`, companyId: w.company.id });
    const cut = await createStation(db, {
      uid: `${tag}-C`,
      companyId: w.company.id,
      connected: false,
      connectionChangedAt: new Date(DAY0 + 18 * H),
    });
    const foreign = await createStation(db, { uid: `${tag}-F`, companyId: other.id });
    const a = await createConnector(db, { stationId: station.id, connectorNumber: 1, uid: `${tag}-A-1` });
    const b = await createConnector(db, { stationId: station.id, connectorNumber: 2, uid: `${tag}-A-2` });
    const d = await createConnector(db, { stationId: station.id, connectorNumber: 3, uid: `${tag}-A-3` });
    const e = await createConnector(db, { stationId: cut.id, connectorNumber: 1, uid: `${tag}-C-1` });
    const f = await createConnector(db, { stationId: foreign.id, connectorNumber: 1, uid: `${tag}-F-1` });
    await db.insert(connectorStatusHistory).values([
      // a: available, faulted 06:00–12:00 of which 06:00–09:00 is a reported grid outage.
      { connectorId: a.id, status: 'available', at: new Date(DAY0 - 48 * H) },
      { connectorId: a.id, status: 'faulted', at: new Date(DAY0 + 6 * H) },
      { connectorId: a.id, status: 'available', at: new Date(DAY0 + 12 * H) },
      // b: no history at all (unknown). d: faulted since before the period (carried in).
      { connectorId: d.id, status: 'faulted', at: new Date(DAY0 - 5 * H) },
      // e: available, but its station disconnected at 18:00 and still is.
      { connectorId: e.id, status: 'available', at: new Date(DAY0 - H) },
      { connectorId: f.id, status: 'faulted', at: new Date(DAY0 - H) },
    ]);
    const viewer = await login(w.email, w.password, w.ip);
    const admin = await manager(w.company.id, [46]);

    // A viewer may read but not enter exclusions.
    const body = {
      station_id: station.id,
      connector_id: a.id,
      reason: 'grid_outage',
      starts_at: '2025-03-01T06:00:00Z',
      ends_at: '2025-03-01T09:00:00Z',
    };
    expect((await call('/uptime/exclusions', { ...viewer, json: body })).status).toBe(403);
    const created = await call('/uptime/exclusions', { ...admin, json: body });
    expect(created.status).toBe(201);
    // Overlapping exclusion on the whole station: 08:00–08:30 is counted once.
    await call('/uptime/exclusions', {
      ...admin,
      json: {
        ...body,
        connector_id: null,
        reason: 'force_majeure',
        starts_at: '2025-03-01T08:00:00Z',
        ends_at: '2025-03-01T08:30:00Z',
      },
    });
    await expectError(
      await call('/uptime/exclusions', { ...admin, json: { ...body, reason: 'scheduled_maintenance' } }),
      422,
      {
        code: 'VALIDATION_FAILED',
        message:
          'Scheduled maintenance is excluded only when entered before it starts: choose a later start, or another reason.',
        field: 'starts_at',
      },
    );
    expect(
      (await call('/uptime/exclusions', { ...admin, json: { ...body, station_id: foreign.id, connector_id: null } }))
        .status,
    ).toBe(404);
    expect((await call('/uptime/exclusions', { ...admin, json: { ...body, connector_id: f.id } })).status).toBe(404);

    const res = await call(`/uptime?${PERIOD}`, viewer);
    expect(res.status).toBe(200);
    const report = (await res.json()) as Report;
    const mine = report.data.map((r) => r.connector_id);
    expect(mine).not.toContain(f.id);
    // Under target first, worst first; unknown last.
    expect(mine).toEqual([d.id, e.id, a.id, b.id]);
    const byId = new Map(report.data.map((r) => [r.connector_id, r]));
    expect(byId.get(a.id)).toMatchObject({
      availability: 18 / 21,
      unavailable_minutes: 180,
      excluded_minutes: 180,
      under_target: true,
    });
    expect(byId.get(b.id)).toMatchObject({ availability: null, under_target: false });
    // d is under the station-wide half hour too: 23.5 h counted, all down.
    expect(byId.get(d.id)).toMatchObject({ availability: 0, unavailable_minutes: 1410, excluded_minutes: 30 });
    expect(byId.get(e.id)).toMatchObject({ availability: 0.75, unavailable_minutes: 360 });
    // Counted: a 21 h, d 23.5 h, e 24 h; unavailable 3 + 23.5 + 6 h.
    expect(report.network).toMatchObject({ connectors: 4, under_target: 3, unknown: 1 });
    expect(report.network.availability).toBeCloseTo((68.5 - 32.5) / 68.5, 12);

    const under = (await (
      await call(`/uptime?${PERIOD}&under_target=true&items_per_page=1&page=1`, viewer)
    ).json()) as Report;
    expect(under.total).toBe(3);
    expect(under.data.map((r) => r.connector_id)).toEqual([e.id]);

    const detail = await call(`/uptime/connectors/${a.id}?${PERIOD}`, viewer);
    const one = (await detail.json()) as { connector: Row; station: { availability: number }; exclusions: unknown[] };
    expect(one.connector.availability).toBe(18 / 21);
    // The station: a (21 h counted, 3 down) and d (23.5 h, all down); b unknown.
    expect(one.station.availability).toBeCloseTo((44.5 - 26.5) / 44.5, 12);
    expect(one.exclusions).toHaveLength(2);
    expect((await call(`/uptime/connectors/${f.id}?${PERIOD}`, viewer)).status).toBe(404);

    // Deleting the connector's exclusion puts the fault back: 6 h down over 24 h.
    const { id } = (await created.json()) as { id: number };
    expect((await call(`/uptime/exclusions/${id}`, { ...viewer, method: 'DELETE' })).status).toBe(403);
    expect((await call(`/uptime/exclusions/${id}`, { ...admin, method: 'DELETE' })).status).toBe(200);
    const after = (await (await call(`/uptime/connectors/${a.id}?${PERIOD}`, viewer)).json()) as { connector: Row };
    expect(after.connector.availability).toBeCloseTo((23.5 - 5.5) / 23.5, 12);
    expect((await call(`/uptime?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z`, viewer)).status).toBe(400);
  });

  it('opens one maintenance ticket for a fault past the company threshold and marks it when the fault clears', async () => {
    const w = await world({ roles: [37], company: { cpms: 'public' } });
    const session = await login(w.email, w.password, w.ip);
    const tag = unique('FT');
    const station = await createStation(db, { uid: `${tag}-A`, companyId: w.company.id });
    const c = await createConnector(db, {
      stationId: station.id,
      connectorNumber: 1,
      uid: `${tag}-A-1`,
      status: 'faulted',
    });
    const since = Date.UTC(2025, 5, 1, 10);
    await db.insert(connectorStatusHistory).values([
      { connectorId: c.id, status: 'available', at: new Date(since - H) },
      { connectorId: c.id, status: 'faulted', errorCode: 'GroundFailure', at: new Date(since) },
      // A new error code during the same fault writes a row: the fault still began at `since`.
      { connectorId: c.id, status: 'faulted', errorCode: 'OverCurrentFailure', at: new Date(since + 10 * M) },
    ]);
    const ticketsOf = () => db.select().from(maintenanceTickets).where(eq(maintenanceTickets.connectorId, c.id));

    await faultTicketsPass(env.DB, since + 59 * M);
    expect(await ticketsOf()).toHaveLength(0);
    await faultTicketsPass(env.DB, since + 60 * M);
    await faultTicketsPass(env.DB, since + 65 * M);
    const [ticket, ...more] = await ticketsOf();
    expect(more).toHaveLength(0);
    expect(ticket).toMatchObject({ companyId: w.company.id, stationId: station.id, priority: 'high', resolved: false });
    expect(ticket?.problem).toContain('faulted since 2025-06-01 10:00 UTC (GroundFailure)');

    // A company threshold of two hours: a second connector's fault of 90 minutes opens nothing.
    expect(
      (await call('/uptime/settings', { ...session, method: 'PUT', json: { fault_ticket_minutes: 120 } })).status,
    ).toBe(200);
    const c2 = await createConnector(db, {
      stationId: station.id,
      connectorNumber: 2,
      uid: `${tag}-A-2`,
      status: 'faulted',
    });
    await db.insert(connectorStatusHistory).values({ connectorId: c2.id, status: 'faulted', at: new Date(since) });
    await faultTicketsPass(env.DB, since + 90 * M);
    expect(await db.select().from(maintenanceTickets).where(eq(maintenanceTickets.connectorId, c2.id))).toHaveLength(0);
    await expectError(
      await call('/uptime/settings', { ...session, method: 'PUT', json: { fault_ticket_minutes: 2 } }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'The fault-to-ticket threshold is a number of minutes from 5 to 10,080 (one week).',
        field: 'fault_ticket_minutes',
      },
    );

    // The fault clears at 13:00: the ticket is marked once, and no new ticket opens.
    await db
      .insert(connectorStatusHistory)
      .values({ connectorId: c.id, status: 'available', at: new Date(since + 3 * H) });
    await db.update(connectors).set({ status: 'available' }).where(eq(connectors.id, c.id));
    await faultTicketsPass(env.DB, since + 4 * H);
    await faultTicketsPass(env.DB, since + 5 * H);
    const [marked, ...none] = await ticketsOf();
    expect(none).toHaveLength(0);
    expect(marked?.problem.match(/Fault cleared at 2025-06-01 13:00 UTC\./g)).toHaveLength(1);
    const [link] = await db.select().from(faultTickets).where(eq(faultTickets.connectorId, c.id));
    expect(link?.clearedAt?.getTime()).toBe(since + 3 * H);

    // The scheduled pass is recorded on the day's run of the job-runs page.
    const now = Date.UTC(2025, 5, 2, 8);
    await faultTicketsJob(env.DB, now);
    await faultTicketsJob(env.DB, now + 5 * M);
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'fault-tickets'), eq(jobRuns.period, '2025-06-02')));
    expect(run).toMatchObject({ status: 'done', chunks: 2, error: null });
  });

  it('prints the demo network’s uptime of last month, its figure the time-weighted sum of its connectors', async () => {
    if (!(await env.DB.prepare("SELECT id FROM companies WHERE name = 'Voltaria Networks'").first()))
      await seedDemo(db, { iterations: 1000 });
    const session = await login('network@voltaria.test', DEMO_PASSWORD);
    type Full = Report & {
      from: string;
      to: string;
      network: Report['network'] & { unavailable_minutes: number; excluded_minutes: number };
    };
    const figure = async (query: string) => {
      const res = await call(`/uptime?items_per_page=100${query}`, session);
      expect(res.status).toBe(200);
      const r = (await res.json()) as Full;
      const known = r.data.filter((x) => x.availability !== null);
      const counted = known.reduce((sum, x) => sum + x.observed_minutes - x.excluded_minutes, 0);
      const down = known.reduce((sum, x) => sum + x.unavailable_minutes, 0);
      expect(r.total).toBe(r.data.length);
      if (counted > 0) expect(r.network.availability).toBeCloseTo((counted - down) / counted, 3);
      const pct = r.network.availability === null ? 'unknown' : `${(r.network.availability * 100).toFixed(2)} %`;
      console.log(
        `[uptime] demo network ${r.from} → ${r.to}: ${pct} over ${r.network.connectors} connectors ` +
          `(${r.network.under_target} under 97 %, ${r.network.unknown} unknown); counted ${counted} min, ` +
          `unavailable ${r.network.unavailable_minutes} min, excluded ${r.network.excluded_minutes} min`,
      );
      return r;
    };
    const lastMonth = await figure('');
    expect(lastMonth.network.connectors).toBeGreaterThan(0);
    const end = new Date();
    await figure(`&from=${new Date(end.getTime() - 30 * 86_400_000).toISOString()}&to=${end.toISOString()}`);
  });
});
