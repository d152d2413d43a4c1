/**
 * The reporting warehouse (issue 21 parts 1 and 9, ADR 052) inside workerd, against the local
 * PostgreSQL of the workers project reached through the neon driver's wsProxy (tests/support/
 * warehouse-setup.ts): the sync of the demo data gives the same counts and sums as D1, a second run
 * copies nothing, a re-priced session is copied again alone, a run cut after one chunk resumes where it
 * stopped, every run is on the job-runs page; and the totals read from the warehouse equal the same
 * totals read from D1 (the fallback).
 */
import { env } from 'cloudflare:test';
import { chargingSessions, companies, jobRuns, users } from '@db/schema';
import { seedDemo } from '@db/seed/demo';
import { createUser } from '@db/seed/factories';
import { openWarehouse, type WarehouseSettings } from '@db/warehouse/client';
import { resolvePeriod } from '@domain/co2/periods';
import { spendBuckets, statsBuckets, statsWindow } from '@domain/fleet/statistics';
import { ROLE } from '@domain/permissions/roles';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { d1Source, warehouseSource } from '../../workers/api/src/routes/reporting/reporting.store';
import { sessionsStarted } from '../../workers/api/src/routes/users/kpi/kpi.store';
import { syncWarehouse } from '../../workers/cron/src/warehouse-sync';
import { call, db, login } from './helpers';

const settings = env as unknown as WarehouseSettings;
const configured = Boolean(settings.NEON_DATABASE_URL);
const syncEnv = { ...settings, DB: env.DB };
/** The tests read a change the moment it is made. */
const sync = (opts = {}) => syncWarehouse(syncEnv, { settleMs: 0, ...opts });

/** Runs one query on the warehouse. */
async function pg<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const warehouse = openWarehouse(settings);
  if (!warehouse) throw new Error('no warehouse');
  try {
    return (await warehouse.pool.query(query, params)).rows as T[];
  } finally {
    await warehouse.end();
  }
}

const d1Count = async (table: string) =>
  Number((await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n);
const pgCount = async (table: string) => Number((await pg<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);

describe.skipIf(!configured)('warehouse sync', () => {
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    demo = await seedDemo(db, { iterations: 1000 });
    // One warehouse serves the whole run: this file starts it empty.
    await pg(
      'TRUNCATE fact_sessions, fact_connector_status, dim_stations, dim_connectors, dim_companies, dim_tariffs, dim_users, sync_watermarks',
    );
  });

  it('copies the demo data: every table has D1’s rows and the sessions D1’s sums', async () => {
    const outcome = await sync();
    expect(outcome?.caughtUp).toBe(true);
    const pairs = [
      ['charging_sessions', 'fact_sessions'],
      ['connector_status_history', 'fact_connector_status'],
      ['stations', 'dim_stations'],
      ['connectors', 'dim_connectors'],
      ['companies', 'dim_companies'],
      ['tariffs', 'dim_tariffs'],
      ['users', 'dim_users'],
    ] as const;
    for (const [d1, wh] of pairs) {
      const n = await d1Count(d1);
      expect(n, d1).toBeGreaterThan(0);
      expect(await pgCount(wh), wh).toBe(n);
      expect(outcome?.rows[wh], wh).toBe(n);
    }
    const d1Sums = await env.DB.prepare(
      'SELECT sum(cdr_consumed_energy) AS e, sum(emp_price_total) AS emp, sum(subcpo_price_total) AS cpo, sum(owner_price_total) AS own FROM charging_sessions',
    ).first<Record<string, number>>();
    const [whSums] = await pg<Record<string, string>>(
      'SELECT sum(energy_wh) AS e, sum(emp_total) AS emp, sum(subcpo_total) AS cpo, sum(owner_total) AS own FROM fact_sessions',
    );
    expect(
      Object.fromEntries(Object.entries(whSums ?? {}).map(([k, v]) => [k, v === null ? null : Number(v)])),
    ).toEqual(d1Sums);
    // Status intervals: every connector's last status is open, every earlier one ends where the next starts.
    const [open] = await pg<{ n: string }>('SELECT count(*) AS n FROM fact_connector_status WHERE ended_at IS NULL');
    const withHistory = await env.DB.prepare(
      'SELECT count(DISTINCT connector_id) AS n FROM connector_status_history',
    ).first<{ n: number }>();
    expect(Number(open?.n)).toBe(withHistory?.n);
    // The company tree: a child's path extends its parent's.
    const paths = await pg<{ id: number; parent_company_id: number | null; path: string; parent_path: string | null }>(
      `SELECT c.id, c.parent_company_id, c.path, p.path AS parent_path
       FROM dim_companies c LEFT JOIN dim_companies p ON p.id = c.parent_company_id`,
    );
    for (const c of paths) expect(c.path).toBe(`${c.parent_path ?? '/'}${c.id}/`);
  });

  it('copies nothing on a second run', async () => {
    const outcome = await sync();
    expect(outcome).toMatchObject({ rows: {}, chunks: 0, caughtUp: true });
  });

  it('copies a re-priced session again, and only it', async () => {
    const session = await db.select().from(chargingSessions).where(eq(chargingSessions.pricingStatus, 'priced')).get();
    if (!session) throw new Error('the demo has priced sessions');
    const repriced = (session.empTotal ?? 0) + 1234;
    // As the pricing engine writes it: without touching updated_at (migration 0051's trigger does).
    await db.update(chargingSessions).set({ empTotal: repriced }).where(eq(chargingSessions.id, session.id));
    const outcome = await sync();
    expect(outcome?.rows).toEqual({ fact_sessions: 1 });
    const [row] = await pg<{ emp_total: string }>('SELECT emp_total FROM fact_sessions WHERE id = $1', [session.id]);
    expect(Number(row?.emp_total)).toBe(repriced);
  });

  it('resumes a run cut after one chunk where it stopped, and records each run', async () => {
    const some = await db.select({ id: chargingSessions.id }).from(chargingSessions).limit(5);
    const ids = some.map((s) => s.id);
    await db.update(chargingSessions).set({ remark: 'warehouse resume' }).where(inArray(chargingSessions.id, ids));
    const cut = await sync({ chunkSize: 2, maxChunks: 1 });
    expect(cut).toMatchObject({ rows: { fact_sessions: 2 }, caughtUp: false });
    const rest = await sync({ chunkSize: 2 });
    expect(rest).toMatchObject({ rows: { fact_sessions: 3 }, caughtUp: true });
    const runs = await db
      .select()
      .from(jobRuns)
      .where(inArray(jobRuns.id, [cut?.runId ?? 0, rest?.runId ?? 0]))
      .orderBy(jobRuns.id);
    expect(runs.map((r) => [r.job, r.status, r.processed, r.chunks, r.cursor])).toEqual([
      ['warehouse-sync', 'done', 2, 1, 'fact_sessions 2'],
      ['warehouse-sync', 'done', 3, 2, 'fact_sessions 3'],
    ]);
    const [w] = await pg<{ rows: string }>("SELECT rows FROM sync_watermarks WHERE table_name = 'fact_sessions'");
    expect(Number(w?.rows)).toBe((await d1Count('charging_sessions')) + 1 + 5);
  });

  it('removes from the warehouse what D1 deleted: a session, a user, a status change (the previous one open again)', async () => {
    const user = await createUser(
      db,
      { companyId: demo.companies.operator, email: 'warehouse-gone@example.test', password: 'correct horse battery' },
      { iterations: 1000 },
    );
    await sync();
    const session = await db.select({ id: chargingSessions.id }).from(chargingSessions).get();
    const [last] = await env.DB.prepare(
      `SELECT h.id, h.connector_id FROM connector_status_history h
        WHERE (SELECT count(*) FROM connector_status_history o WHERE o.connector_id = h.connector_id) > 1
        ORDER BY h.id DESC LIMIT 1`,
    )
      .all<{ id: number; connector_id: number }>()
      .then((r) => r.results);
    if (!session || !last) throw new Error('the demo has sessions and status histories');
    const present = async () => [
      await pgCount(`fact_sessions WHERE id = ${session.id}`),
      await pgCount(`dim_users WHERE id = ${user.id}`),
      await pgCount(`fact_connector_status WHERE id = ${last.id}`),
    ];
    expect(await present()).toEqual([1, 1, 1]);
    await db.delete(chargingSessions).where(eq(chargingSessions.id, session.id));
    await db.delete(users).where(eq(users.id, user.id));
    await env.DB.prepare('DELETE FROM connector_status_history WHERE id = ?1').bind(last.id).run();

    const outcome = await sync();
    expect(outcome?.rows).toEqual({ deleted: 3 });
    expect(await present()).toEqual([0, 0, 0]);
    const [open] = await pg<{ id: string }>(
      'SELECT id FROM fact_connector_status WHERE connector_id = $1 AND ended_at IS NULL',
      [last.connector_id],
    );
    const previous = await env.DB.prepare('SELECT max(id) AS id FROM connector_status_history WHERE connector_id = ?1')
      .bind(last.connector_id)
      .first<{ id: number }>();
    expect(Number(open?.id)).toBe(previous?.id);
    // Applied tombstones leave D1, and the next run has nothing to do.
    expect(await d1Count('warehouse_tombstones')).toBe(0);
    expect(await sync()).toMatchObject({ rows: {}, chunks: 0 });
  });

  it('ends every interval where D1’s next change starts after a late status change (earlier than ones copied)', async () => {
    await sync();
    const [pair] = await env.DB.prepare(
      `SELECT a.connector_id, a.at AS first_at, (SELECT min(b.at) FROM connector_status_history b
                WHERE b.connector_id = a.connector_id AND b.at > a.at) AS next_at
         FROM connector_status_history a
        WHERE (SELECT count(*) FROM connector_status_history o WHERE o.connector_id = a.connector_id) > 2
        ORDER BY a.connector_id, a.at LIMIT 1`,
    )
      .all<{ connector_id: number; first_at: number; next_at: number }>()
      .then((r) => r.results);
    if (!pair || pair.next_at - pair.first_at < 2) throw new Error('the demo has status histories');
    // A StatusNotification that arrives late: its time falls between two changes the warehouse has.
    const lateAt = pair.first_at + Math.floor((pair.next_at - pair.first_at) / 2);
    await env.DB.prepare(`INSERT INTO connector_status_history (connector_id, status, at) VALUES (?1, 'Faulted', ?2)`)
      .bind(pair.connector_id, lateAt)
      .run();
    await sync();
    const { results: expected } = await env.DB.prepare(
      `SELECT id, lead(at) OVER (PARTITION BY connector_id ORDER BY at, id) AS ended
         FROM connector_status_history WHERE connector_id = ?1 ORDER BY id`,
    )
      .bind(pair.connector_id)
      .all<{ id: number; ended: number | null }>();
    const copied = await pg<{ id: string; ended: string | null }>(
      `SELECT id, (extract(epoch FROM ended_at) * 1000)::bigint AS ended
         FROM fact_connector_status WHERE connector_id = $1 ORDER BY id`,
      [pair.connector_id],
    );
    expect(copied.map((r) => [Number(r.id), r.ended === null ? null : Number(r.ended)])).toEqual(
      expected.map((r) => [r.id, r.ended]),
    );
  });

  it('reads the same totals from the warehouse as from D1, for every demo company, all, local and roaming', async () => {
    await sync();
    const warehouse = warehouseSource(settings);
    if (!warehouse) throw new Error('no warehouse');
    const fallback = d1Source(db);
    try {
      const all = await db.select({ id: companies.id, timeZone: companies.timeZone }).from(companies);
      let sessions = 0;
      for (const company of all) {
        const months = resolvePeriod(company.timeZone, Date.now()) ?? [];
        for (const kind of ['all', 'local', 'roaming'] as const) {
          const f = { companyId: company.id, months, kind };
          const order = <T extends { month: string; currency: string }>(rows: T[]) =>
            [...rows].sort((a, b) => `${a.month}${a.currency}`.localeCompare(`${b.month}${b.currency}`));
          const fromD1 = order(await fallback.totals(f));
          expect(order(await warehouse.totals(f)), `${company.id} ${kind}`).toEqual(fromD1);
          if (kind === 'all') sessions += fromD1.reduce((n, r) => n + r.sessions, 0);
        }
      }
      // The comparison covered real figures, not empty answers.
      expect(sessions).toBeGreaterThan(0);
    } finally {
      await warehouse.end();
    }
  });

  it('answers GET total-stats from the warehouse with D1’s figures, for a network manager only', async () => {
    const email = 'network-manager-reports@example.test';
    await createUser(
      db,
      { companyId: demo.companies.operator, email, password: 'correct horse battery', roles: [ROLE.NETWORK_MANAGER] },
      { iterations: 1000 },
    );
    const session = await login(email, 'correct horse battery');
    const res = await call('/total-stats', session);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { source: string; sessions: number; energy_wh: number; months: unknown[] };
    expect(body.source).toBe('warehouse');
    expect(body.months).toHaveLength(12);
    const operator = await db.select().from(companies).where(eq(companies.id, demo.companies.operator)).get();
    const months = resolvePeriod(operator?.timeZone ?? 'UTC', Date.now()) ?? [];
    const rows = await d1Source(db).totals({ companyId: demo.companies.operator, months, kind: 'all' });
    expect(body.sessions).toBe(rows.reduce((n, r) => n + r.sessions, 0));
    expect(body.energy_wh).toBe(rows.reduce((n, r) => n + r.energyWh, 0));
    expect(body.sessions).toBeGreaterThan(0);

    const driverEmail = 'driver-reports@example.test';
    await createUser(
      db,
      {
        companyId: demo.companies.operator,
        email: driverEmail,
        password: 'correct horse battery',
        roles: [ROLE.ENGINEER],
      },
      { iterations: 1000 },
    );
    const driver = await login(driverEmail, 'correct horse battery');
    expect((await call('/total-roaming-stats', driver)).status).toBe(403);
  });

  it('answers a fleet user’s KPI from the warehouse with D1’s figures, with spend per currency and CO2 avoided', async () => {
    await sync();
    const top = await env.DB.prepare(
      `SELECT s.user_id AS id, u.company_id AS company, c.time_zone AS tz, c.currency AS currency,
              max(s.cdr_start) AS last, count(*) AS n
         FROM charging_sessions s JOIN users u ON u.id = s.user_id JOIN companies c ON c.id = u.company_id
        WHERE s.emp_price_total IS NOT NULL GROUP BY s.user_id ORDER BY n DESC LIMIT 1`,
    ).first<{ id: number; company: number; tz: string; currency: string; last: number }>();
    if (!top) throw new Error('the demo has priced sessions of users');
    const email = 'fleet-kpi-warehouse@example.test';
    await createUser(
      db,
      { companyId: top.company, email, password: 'correct horse battery', roles: [ROLE.FLEET_MANAGER_VIEW] },
      { iterations: 1000 },
    );
    const session = await login(email, 'correct horse battery');
    const year = new Date(top.last).getUTCFullYear();
    type Stats = { source: string; unit: string; data: { period: string; value: number; currency?: string }[] };
    const get = async (target: string, type: string) => {
      const res = await call(`/users/${top.id}/${target}/${type}/${year}`, session);
      expect(res.status, `${target} ${type}`).toBe(200);
      return (await res.json()) as Stats;
    };
    for (const type of ['month', 'year'] as const) {
      const q = { type, year, timeZone: top.tz };
      const fromD1 = await sessionsStarted(d1Source(db), top.id, statsWindow(type, year));
      for (const target of ['consumption', 'sessions'] as const) {
        const answer = await get(target, type);
        expect(answer.source).toBe('warehouse');
        expect(answer.data, `${target} ${type}`).toEqual(statsBuckets(fromD1, { ...q, target }));
      }
      const spend = await get('spend', type);
      expect([spend.source, spend.unit]).toEqual(['warehouse', 'minor']);
      expect(spend.data).toEqual(spendBuckets(fromD1, { ...q, fallbackCurrency: top.currency }));
      if (type === 'month') expect(spend.data.reduce((n, p) => n + p.value, 0)).toBeGreaterThan(0);
    }
    // CO2 avoided per month adds up to the CO2 report of the same user and year.
    const co2 = await get('co2', 'month');
    expect([co2.source, co2.unit, co2.data.length]).toEqual(['d1', 'kg', 12]);
    const report = await call(`/co2-total?perspective=fleet&user_id=${top.id}&from=${year}-01&to=${year}-12`, session);
    const total = ((await report.json()) as { total: { avoided_kg: number } }).total.avoided_kg;
    expect(total).toBeGreaterThan(0);
    expect(co2.data.reduce((n, p) => n + p.value, 0)).toBeCloseTo(total, 2);
  });

  it('runs the sync by hand from the job-runs API (billing:jobs), recorded as its run', async () => {
    const email = 'jobs-admin-warehouse@example.test';
    await createUser(
      db,
      {
        companyId: demo.companies.operator,
        email,
        password: 'correct horse battery',
        roles: [ROLE.PAYMENT_PROVIDER_ADMIN],
      },
      { iterations: 1000 },
    );
    const admin = await login(email, 'correct horse battery');
    const res = await call('/jobs/warehouse-sync/run', { ...admin, method: 'POST' });
    expect(res.status).toBe(200);
    const run = (await res.json()) as { job: string; status: string; triggered_by: number | null };
    expect(run).toMatchObject({ job: 'warehouse-sync', status: 'done' });
    expect(run.triggered_by).not.toBeNull();
  });
});
