/**
 * The built-in dashboards' data (issue 21 part 2, spec 001 §7.18 dashboard, ADR 055) inside workerd:
 * every chart answers the same series from D1 and from the warehouse (synced from this file's demo
 * data into a schema of its own, tests/support/warehouse-schema.ts) for a past period, also per
 * company group and for one connector group; the filters change the figures as hand counts on D1 say;
 * the API answers from the warehouse with those series, as CSV with the same rows, and refuses
 * another company, an unknown chart and bad periods.
 */
import { createExecutionContext, env } from 'cloudflare:test';
import { createCompany } from '@db/seed/factories';
import { SERVICE } from '@domain/permissions/service-settings';
import { availableMs, CHART_IDS, DASHBOARDS, type SeriesRow, weekdayHour } from '@domain/reporting/dashboard';
import { dayIndex, zoneClock } from '@domain/time/zone-clock';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../workers/api/src/app';
import {
  CHART_QUERIES,
  type DashboardFilter,
  stationGroupsAt,
} from '../../workers/api/src/routes/dashboard/dashboard.store';
import { d1Source, type ReportSource, warehouseSource } from '../../workers/api/src/routes/reporting/reporting.store';
import { dashboardFixture, FIXTURE_TIME_ZONE } from '../support/dashboard-fixture';
import { warehouseSettings } from '../support/warehouse-schema';
import { BASE, db, expectError, type Session, unique } from './helpers';

const configured = Boolean(warehouseSettings.NEON_DATABASE_URL);
const TZ = FIXTURE_TIME_ZONE;
const sum = (rows: readonly SeriesRow[], key: string) => rows.reduce((n, r) => n + Number(r[key] ?? 0), 0);

type Fixture = Awaited<ReturnType<typeof dashboardFixture>>;
let demo: Fixture['demo'];
/** The 60 days up to yesterday (Paris), the demo's history included. */
let period: Fixture['period'];
let manager: Fixture['manager'];
let settings: Fixture['settings'];
let groupConnectors: Fixture['groupConnectors'];
/** The connector the fixture adds: one fault and one session, yesterday. */
let ownConnector: number;

/** The API of this file: the worker's, with the warehouse this file filled (or none). */
const api = createApi();
async function get(path: string, session: Session) {
  const request = new Request(`${BASE}/api${path}`, {
    headers: { cookie: `sid=${session.cookie}`, 'cf-connecting-ip': session.ip },
  });
  return api.fetch(request, { ...env, ...(settings ?? {}) }, createExecutionContext());
}

beforeAll(async () => {
  ({ demo, period, manager, settings, groupConnectors, ownConnector } = await dashboardFixture('dashboard_test'));
});

const filter = (over: Partial<DashboardFilter> = {}): DashboardFilter => ({
  companyId: demo.companies.operator,
  period,
  connectorIds: null,
  stationGroups: null,
  now: Date.now(),
  ...over,
});

/** Every chart from both sources for one filter. */
async function bothSources(f: DashboardFilter) {
  const warehouse = warehouseSource(settings ?? {}) as ReportSource;
  try {
    const out: Record<string, { d1: SeriesRow[]; warehouse: SeriesRow[] }> = {};
    for (const chart of CHART_IDS) {
      out[chart] = {
        d1: await CHART_QUERIES[chart](d1Source(db), f),
        warehouse: await CHART_QUERIES[chart](warehouse, f),
      };
    }
    return out;
  } finally {
    await warehouse.end();
  }
}

/** Sessions counted by hand on D1: closed, not refused, started in the period, of the operator's tree. */
async function handCount(connectors: readonly number[] | null) {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n, coalesce(sum(cdr_consumed_energy), 0) AS wh FROM charging_sessions
      WHERE status = 'closed' AND refused_status IS NULL AND cdr_start >= ?1 AND cdr_start < ?2
        ${connectors ? 'AND connector_id IN (SELECT value FROM json_each(?3))' : ''}`,
  )
    .bind(period.start, period.end, ...(connectors ? [JSON.stringify(connectors)] : []))
    .first<{ n: number; wh: number }>();
  return { sessions: row?.n ?? 0, energyWh: row?.wh ?? 0 };
}

describe.skipIf(!configured)('dashboard charts: the warehouse answers what D1 answers', () => {
  it('every chart, for the operator’s tree, a child, per company group and for one connector group', async () => {
    const level1 = await stationGroupsAt(db, demo.companies.operator, 1);
    expect(level1.stationGroups.length).toBeGreaterThan(0);
    expect(groupConnectors.length).toBeGreaterThan(0);
    const filters = [
      filter(),
      filter({ companyId: demo.companies.subOperator }),
      filter({ stationGroups: level1.stationGroups }),
      filter({ connectorIds: groupConnectors }),
    ];
    for (const [i, f] of filters.entries()) {
      const charts = await bothSources(f);
      for (const chart of CHART_IDS)
        expect(charts[chart]?.warehouse, `${chart} (filter ${i})`).toEqual(charts[chart]?.d1);
      if (i > 0) continue;
      // The comparison covered real figures.
      const all = charts;
      expect(sum(all['energy-sessions']?.d1 ?? [], 'sessions')).toBeGreaterThan(0);
      expect(all['energy-sessions']?.d1).toHaveLength(60);
      expect(all.revenue?.d1.length).toBeGreaterThan(0);
      expect(all['top-stations']?.d1.length).toBeGreaterThan(0);
      expect(all.utilisation?.d1).toHaveLength(168);
      expect(Math.max(...(all.utilisation?.d1 ?? []).map((c) => Number(c.occupiedShare)))).toBeGreaterThan(0);
      expect(sum(all.faults?.d1 ?? [], 'faults')).toBeGreaterThan(0);
      expect(all.faults?.d1.at(-1)?.faultMinutes).toBeGreaterThanOrEqual(90);
    }
  });
});

describe('dashboard charts: the filters', () => {
  it('count the tree’s sessions as a hand count does, less for a child, and per connector group its own', async () => {
    const source = d1Source(db);
    const tree = await CHART_QUERIES['energy-sessions'](source, filter());
    const hand = await handCount(null);
    expect(hand.sessions).toBeGreaterThan(0);
    expect({ sessions: sum(tree, 'sessions'), energyWh: sum(tree, 'energyWh') }).toEqual(hand);
    const child = await CHART_QUERIES['energy-sessions'](source, filter({ companyId: demo.companies.subOperator }));
    expect(sum(child, 'sessions')).toBeGreaterThan(0);
    expect(sum(child, 'sessions')).toBeLessThan(hand.sessions);
    const inGroup = await CHART_QUERIES['energy-sessions'](source, filter({ connectorIds: groupConnectors }));
    const handGroup = await handCount(groupConnectors);
    expect({ sessions: sum(inGroup, 'sessions'), energyWh: sum(inGroup, 'energyWh') }).toEqual(handGroup);
    expect(handGroup.sessions).toBeLessThan(hand.sessions);
  });

  it('split per company group adds up to the whole, each row naming its group', async () => {
    const level1 = await stationGroupsAt(db, demo.companies.operator, 1);
    const split = await CHART_QUERIES.revenue(d1Source(db), filter({ stationGroups: level1.stationGroups }));
    const whole = await CHART_QUERIES.revenue(d1Source(db), filter());
    for (const key of ['emp', 'empNet', 'subcpo', 'owner']) expect(sum(split, key)).toBe(sum(whole, key));
    const named = new Set(level1.groups.map((g) => g.id));
    expect(split.some((r) => named.has(Number(r.groupId)))).toBe(true);
    expect(split.every((r) => r.groupId === null || named.has(Number(r.groupId)))).toBe(true);
  });
});

describe('dashboard charts: utilisation', () => {
  it('shares one connector’s 2-hour session over the hours that weekday offers in the period', async () => {
    const f = filter({ connectorIds: [ownConnector] });
    const cells = await CHART_QUERIES.utilisation(d1Source(db), f);
    const yesterday = dayIndex(zoneClock(TZ).wall(period.end)) - 1;
    const weekday = weekdayHour(yesterday * 24).weekday;
    // 60 days: the weekday of yesterday comes 9 times (60 = 8 × 7 + 4, the period's last four weekdays).
    const offered = availableMs(period)[weekday - 1]?.[12] ?? 0;
    expect(offered).toBe(9 * 3_600_000);
    const busy = cells.filter((c) => Number(c.occupiedShare) > 0);
    expect(busy).toEqual([
      { weekday, hour: 12, occupiedShare: 3_600_000 / offered },
      { weekday, hour: 13, occupiedShare: 3_600_000 / offered },
    ]);
    if (settings) {
      const warehouse = warehouseSource(settings) as ReportSource;
      try {
        expect(await CHART_QUERIES.utilisation(warehouse, f)).toEqual(cells);
      } finally {
        await warehouse.end();
      }
    }
  });
});

describe('GET /api/dashboard…', () => {
  const chartPath = (chart: string, query = `from=${period.from}&to=${period.to}`) =>
    `/dashboard/main/charts/${chart}?${query}`;

  it('lists the built-in dashboards and their charts', async () => {
    const res = await get('/dashboard', manager);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: Object.entries(DASHBOARDS).map(([id, charts]) => ({ id, charts: [...charts] })),
    });
  });

  it('answers each chart with the query function’s series, and the same rows as CSV', async () => {
    const expected = configured ? 'warehouse' : 'd1';
    for (const chart of CHART_IDS) {
      const res = await get(chartPath(chart), manager);
      expect(res.status, chart).toBe(200);
      const body = (await res.json()) as { source: string; series: SeriesRow[]; from: string; to: string };
      expect(body).toMatchObject({ source: expected, from: period.from, to: period.to, chartId: chart });
      // A current status ends at the call's now, after the period: any now since then gives the same faults.
      expect(body.series, chart).toEqual(await CHART_QUERIES[chart](d1Source(db), filter()));
      const csv = await get(chartPath(chart, `from=${period.from}&to=${period.to}&format=csv`), manager);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await csv.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      const columns = lines[0]?.split(',') ?? [];
      expect(columns.length).toBeGreaterThan(2);
      expect(lines.slice(1)).toEqual(
        body.series.map((r) =>
          columns
            .map((c) => (typeof r[c] === 'string' && /[",]/.test(r[c] as string) ? `"${r[c]}"` : String(r[c] ?? '')))
            .join(','),
        ),
      );
    }
  });

  it('splits per company group and narrows to a connector group', async () => {
    const res = await get(
      chartPath('energy-sessions', `from=${period.from}&to=${period.to}&companyGroupLevel=1`),
      manager,
    );
    const body = (await res.json()) as { groups: { id: number }[]; series: SeriesRow[] };
    expect(body.groups.length).toBeGreaterThan(0);
    expect(body.series.every((r) => 'groupId' in r)).toBe(true);
    const group = await env.DB.prepare('SELECT id FROM connector_groups ORDER BY id LIMIT 1').first<{ id: number }>();
    const narrowed = await get(
      chartPath('energy-sessions', `connectorGroupId=${group?.id}&from=${period.from}&to=${period.to}`),
      manager,
    );
    const series = ((await narrowed.json()) as { series: SeriesRow[] }).series;
    expect(sum(series, 'sessions')).toBe((await handCount(groupConnectors)).sessions);
  });

  it('refuses another company, another company’s connector group, an unknown chart and bad periods', async () => {
    const stranger = await createCompany(db, {
      name: unique('Stranger'),
      cpms: 'public',
      services: [SERVICE.METABASE_DASHBOARD],
    });
    const notFound = (id: number) => ({ code: 'NOT_FOUND', message: `Company id: ${id} not found.` });
    await expectError(await get(chartPath('revenue', `companyId=${stranger.id}`), manager), 404, notFound(stranger.id));
    const child = await get(chartPath('revenue', `companyId=${demo.companies.subOperator}`), manager);
    expect(((await child.json()) as { companyId: number }).companyId).toBe(demo.companies.subOperator);
    const theirs = await env.DB.prepare(
      "INSERT INTO connector_groups (company_id, name, name_key) VALUES (?1, 'Theirs', 'theirs') RETURNING id",
    )
      .bind(stranger.id)
      .first<{ id: number }>();
    await expectError(await get(chartPath('faults', `connectorGroupId=${theirs?.id}`), manager), 404, {
      code: 'NOT_FOUND',
      message: `Group id: ${theirs?.id} not found.`,
    });
    await expectError(await get('/dashboard/faults/charts/revenue', manager), 404, {
      code: 'NOT_FOUND',
      message: 'The dashboard faults has no chart revenue.',
    });
    const invalid = (message: string, field: string) => ({ code: 'VALIDATION_FAILED', message, field });
    await expectError(
      await get(chartPath('faults', 'from=2026-02-30&to=2026-03-10'), manager),
      400,
      invalid('The from date must be a day written YYYY-MM-DD, from 2000 on.', 'from'),
    );
    const period = 'The period must start before it ends and last at most 366 days.';
    await expectError(
      await get(chartPath('faults', 'from=2025-01-01&to=2026-01-02'), manager),
      400,
      invalid(period, 'from'),
    );
    await expectError(
      await get(chartPath('faults', 'from=2026-03-10&to=2026-03-01'), manager),
      400,
      invalid(period, 'to'),
    );
  });
});
