/**
 * @module The dashboards' charts (issue 21 part 2, ADR 055): one query function per chart taking
 * `(source, filter)`, answering the chart's series from the warehouse or from D1 with the same figures
 * (the SQL of dashboard.sql.store.ts in the source's dialect). Sessions counted: closed and not refused,
 * operated or owned by the company or a descendant, bucketed by their start's day in the company's
 * time zone. Utilisation and faults read the connectors of the subtree's stations. A connector group
 * narrows to its connectors; a company-group level splits every series per group (`groupId`; null:
 * the stations in no group of that level). The groupings are configuration read from D1.
 */
import type { Db } from '@db/db';
import { COMPANY_TREE_CTE } from '@db/queries/companies.store';
import {
  type ChartId,
  type DashboardPeriod,
  dateOfDay,
  HOUR_MS,
  type OccupiedRow,
  periodDays,
  type SeriesRow,
  utilisationCells,
} from '@domain/reporting/dashboard';
import { DAY_MS } from '@domain/time/zone-clock';
import type { ReportSource } from '../reporting/reporting.store';
import { type Dialect, d1Dialect, Params, warehouseDialect } from './dashboard.sql.store';

export interface DashboardFilter {
  companyId: number;
  period: Pick<DashboardPeriod, 'from' | 'to' | 'start' | 'end' | 'segments'>;
  /** Only these connectors (a connector group's); null: every connector. */
  connectorIds: readonly number[] | null;
  /** Each grouped station's company group of the chosen level; null: not grouped. */
  stationGroups: readonly { stationId: number; groupId: number }[] | null;
  /** Where a connector's current status ends. */
  now: number;
}

/** Sessions that started this long before the period are not read for its utilisation (an index bound). */
export const MAX_SESSION_SPAN_MS = 31 * DAY_MS;

type Raw = Record<string, string | number | null>;
const n = (v: unknown) => Number(v ?? 0);
const grp = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Runs one statement: the common part (tree, offset segments, station groups, the subtree's stations
 * `st` and connectors `cn`) then `body`, which adds the parameters it uses (an unused one fails on Postgres).
 */
function statements(source: ReportSource, f: DashboardFilter) {
  const d: Dialect = source.name === 'warehouse' ? warehouseDialect : d1Dialect;
  const run = (body: (p: Params) => string) => {
    const p = new Params(d);
    p.add(f.companyId);
    const seg = p.add(JSON.stringify(f.period.segments.map((s) => ({ a: s.start, b: s.end, o: s.offset }))));
    const groups = p.add(JSON.stringify((f.stationGroups ?? []).map((g) => ({ s: g.stationId, g: g.groupId }))));
    const inGroup = f.connectorIds
      ? `AND c.id IN (SELECT id FROM ${d.ids(p.add(JSON.stringify(f.connectorIds)))})`
      : '';
    const ctes = `${d.tree},
      seg AS (SELECT * FROM ${d.table(seg, ['a', 'b', 'o'])}),
      grp AS (SELECT * FROM ${d.table(groups, ['s', 'g'])}),
      st AS (SELECT id FROM ${d.stations}
              WHERE company_id IN (SELECT id FROM tree) OR owner_company_id IN (SELECT id FROM tree)),
      cn AS (SELECT c.id, c.station_id FROM ${d.connectors} c WHERE c.station_id IN (SELECT id FROM st) ${inGroup})`;
    const text = `${ctes} ${body(p)}`;
    return source.rows<Raw>(text, p.values);
  };
  /** The counted sessions of the subtree (and connector group) that started within the period. */
  const sessions = (p: Params) => `${d.s.counted}
    AND (s.company_id IN (SELECT id FROM tree) OR s.owner_company_id IN (SELECT id FROM tree))
    AND ${d.s.start} >= ${d.at(p.add(f.period.start))} AND ${d.s.start} < ${d.at(p.add(f.period.end))}
    ${f.connectorIds ? 'AND s.connector_id IN (SELECT id FROM cn)' : ''}`;
  return { d, run, sessions };
}

/** Sessions by the day (company time zone) of their start, with their group. */
const BY_DAY = (d: Dialect) => `FROM ${d.s.from}
  JOIN seg ON ${d.s.startMs} >= seg.a AND ${d.s.startMs} < seg.b
  LEFT JOIN grp g ON g.s = s.station_id`;
const DAY = (d: Dialect) => `(${d.s.startMs} + seg.o) / ${DAY_MS}`;

const byGroupThen = (key: (r: SeriesRow) => string) => (a: SeriesRow, b: SeriesRow) =>
  n(a.groupId ?? -1) - n(b.groupId ?? -1) || key(a).localeCompare(key(b));

/** Per group present, one row per day of the period (days without data as zeros). */
function everyDay(f: DashboardFilter, rows: SeriesRow[], zero: SeriesRow): SeriesRow[] {
  const keyed = new Map(rows.map((r) => [`${r.groupId ?? ''}|${r.day}`, r]));
  const groups = f.stationGroups ? [...new Set(rows.map((r) => r.groupId ?? null))] : [undefined];
  groups.sort((a, b) => n(a ?? -1) - n(b ?? -1));
  return groups.flatMap((g) =>
    periodDays(f.period).map((day) => {
      const row = keyed.get(`${g ?? ''}|${day}`) ?? { ...zero, day };
      return f.stationGroups ? { groupId: g ?? null, ...row } : row;
    }),
  );
}

const withGroup = (f: DashboardFilter, r: Raw): SeriesRow => (f.stationGroups ? { groupId: grp(r.grp) } : {});

/** Per day: sessions and energy (Wh). */
export async function energySessionsChart(source: ReportSource, f: DashboardFilter): Promise<SeriesRow[]> {
  const { d, sessions, run } = statements(source, f);
  const rows = await run(
    (p) => `SELECT g.g AS grp, ${DAY(d)} AS day, count(*) AS sessions, coalesce(sum(${d.s.energy}), 0) AS energy_wh
     ${BY_DAY(d)} WHERE ${sessions(p)} GROUP BY 1, 2`,
  );
  const series = rows.map((r) => ({
    ...withGroup(f, r),
    day: dateOfDay(n(r.day)),
    sessions: n(r.sessions),
    energyWh: n(r.energy_wh),
  }));
  return everyDay(f, series, { sessions: 0, energyWh: 0 });
}

/** Per day and currency: the three price perspectives as stored (minor units). */
export async function revenueChart(source: ReportSource, f: DashboardFilter): Promise<SeriesRow[]> {
  const { d, sessions, run } = statements(source, f);
  const sum = (c: string) => `coalesce(sum(${c}), 0)`;
  const rows = await run(
    (p) => `SELECT g.g AS grp, ${DAY(d)} AS day, s.currency AS currency, ${sum(d.s.emp)} AS emp,
            ${sum(d.s.empNet)} AS emp_net, ${sum(d.s.subcpo)} AS subcpo, ${sum(d.s.owner)} AS owner
     ${BY_DAY(d)} WHERE ${sessions(p)} GROUP BY 1, 2, 3`,
  );
  return rows
    .map((r) => ({
      ...withGroup(f, r),
      day: dateOfDay(n(r.day)),
      currency: String(r.currency),
      emp: n(r.emp),
      empNet: n(r.emp_net),
      subcpo: n(r.subcpo),
      owner: n(r.owner),
    }))
    .sort(byGroupThen((r) => `${r.day}${r.currency}`));
}

/** The ten stations with the most energy (per group when grouped), per currency of their sessions. */
export async function topStationsChart(source: ReportSource, f: DashboardFilter): Promise<SeriesRow[]> {
  const { d, sessions, run } = statements(source, f);
  const rows = await run(
    (p) => `, sums AS (SELECT g.g AS grp, s.station_id AS station_id, s.currency AS currency, count(*) AS sessions,
                       coalesce(sum(${d.s.energy}), 0) AS energy_wh, coalesce(sum(${d.s.emp}), 0) AS emp
                  FROM ${d.s.from} LEFT JOIN grp g ON g.s = s.station_id WHERE ${sessions(p)} GROUP BY 1, 2, 3),
       ranked AS (SELECT sums.*, row_number() OVER (PARTITION BY grp
                          ORDER BY energy_wh DESC, sessions DESC, station_id, currency) AS pos FROM sums)
     SELECT r.grp, r.pos, r.station_id, sn.name, r.sessions, r.energy_wh, r.emp, r.currency
       FROM ranked r LEFT JOIN ${d.stations} sn ON sn.id = r.station_id WHERE r.pos <= 10`,
  );
  return rows
    .sort((a, b) => n(grp(a.grp) ?? -1) - n(grp(b.grp) ?? -1) || n(a.pos) - n(b.pos))
    .map((r) => ({
      ...withGroup(f, r),
      stationId: n(r.station_id),
      name: r.name === null ? null : String(r.name),
      sessions: n(r.sessions),
      energyWh: n(r.energy_wh),
      revenueEmp: n(r.emp),
      currency: String(r.currency),
    }));
}

/** Weekday (1 = Monday … 7) and hour of a wall-clock hour index `h`, in SQL (1970-01-01 was a Thursday). */
const WEEKDAY = '((h / 24 + 3) % 7) + 1';

/**
 * 7 × 24 cells (per group when grouped): the connector-time occupied by sessions (start to end, clipped
 * to the period) in each local weekday and hour, over the connector-time the period offers there.
 */
export async function utilisationChart(source: ReportSource, f: DashboardFilter): Promise<SeriesRow[]> {
  const { d, run } = statements(source, f);
  const [S, E] = [d.s.startMs, d.s.endMs];
  const hour = (x: string) => `${x} * ${HOUR_MS}`;
  const occupied = await run((p) => {
    const [earliest, from, to] = [f.period.start - MAX_SESSION_SPAN_MS, f.period.start, f.period.end].map(p.add, p);
    return `, occ AS (SELECT g.g AS grp, ${d.greatest(S, 'seg.a')} + seg.o AS a, ${d.least(E, 'seg.b')} + seg.o AS b
                 FROM ${d.s.from} JOIN seg ON ${S} < seg.b AND ${E} > seg.a LEFT JOIN grp g ON g.s = s.station_id
                WHERE ${d.s.counted} AND s.connector_id IN (SELECT id FROM cn) AND ${d.s.start} >= ${d.at(earliest as string)}
                  AND ${d.s.start} < ${d.at(to as string)} AND ${d.s.end} > ${d.at(from as string)}),
       hrs(grp, h, a, b) AS (SELECT grp, a / ${HOUR_MS}, a, b FROM occ WHERE b > a
                             UNION ALL SELECT grp, h + 1, a, b FROM hrs WHERE ${hour('(h + 1)')} < b)
     SELECT grp, ${WEEKDAY} AS weekday, h % 24 AS hour,
            sum(${d.least('b', hour('(h + 1)'))} - ${d.greatest('a', hour('h'))}) AS ms
       FROM hrs GROUP BY 1, 2, 3`;
  });
  const connectors = await run(
    () => 'SELECT g.g AS grp, count(*) AS n FROM cn LEFT JOIN grp g ON g.s = cn.station_id GROUP BY 1',
  );
  const counts = new Map(connectors.map((r) => [grp(r.grp), n(r.n)]));
  const used = new Map<number | null, OccupiedRow[]>();
  for (const r of occupied) {
    const row = { weekday: n(r.weekday), hour: n(r.hour), occupiedMs: n(r.ms) };
    used.set(grp(r.grp), [...(used.get(grp(r.grp)) ?? []), row]);
  }
  const groups = f.stationGroups ? [...counts.keys()].sort((a, b) => n(a ?? -1) - n(b ?? -1)) : [null];
  return groups.flatMap((g) =>
    utilisationCells(f.period, counts.get(g) ?? 0, used.get(g) ?? []).map((c) =>
      f.stationGroups ? { groupId: g, ...c } : { ...c },
    ),
  );
}

/** Per day: faulted intervals that started that day, and the faulted minutes of the day (connector status history). */
export async function faultsChart(source: ReportSource, f: DashboardFilter): Promise<SeriesRow[]> {
  const { d, run } = statements(source, f);
  const day = (x: string) => `${x} * ${DAY_MS}`;
  const rows = await run((p) => {
    const [from, to, now] = [f.period.start, f.period.end, f.now].map(p.add, p) as [string, string, string];
    const end = `coalesce(x.ended, ${now})`;
    return `, flt AS (SELECT g.g AS grp, CASE WHEN x.started >= seg.a THEN 1 ELSE 0 END AS opens,
                      ${d.greatest('x.started', 'seg.a')} + seg.o AS a, ${d.least(end, 'seg.b')} + seg.o AS b
                 FROM ${d.statuses(from, to)} x JOIN cn ON cn.id = x.connector_id
                 JOIN seg ON x.started < seg.b AND ${end} > seg.a LEFT JOIN grp g ON g.s = cn.station_id
                WHERE x.status = 'faulted'),
       dys(grp, d, k, opens, a, b) AS (SELECT grp, a / ${DAY_MS}, 0, opens, a, b FROM flt WHERE b >= a
                             UNION ALL SELECT grp, d + 1, k + 1, opens, a, b FROM dys WHERE ${day('(d + 1)')} < b)
     SELECT grp, d AS day, sum(CASE WHEN k = 0 THEN opens ELSE 0 END) AS faults,
            sum(${d.least('b', day('(d + 1)'))} - ${d.greatest('a', day('d'))}) AS ms
       FROM dys GROUP BY 1, 2`;
  });
  const series = rows.map((r) => ({
    ...withGroup(f, r),
    day: dateOfDay(n(r.day)),
    faults: n(r.faults),
    faultMinutes: Math.round(n(r.ms) / 60_000),
  }));
  return everyDay(f, series, { faults: 0, faultMinutes: 0 });
}

/** The query function of each chart. */
export const CHART_QUERIES: Record<ChartId, (source: ReportSource, f: DashboardFilter) => Promise<SeriesRow[]>> = {
  'energy-sessions': energySessionsChart,
  revenue: revenueChart,
  utilisation: utilisationChart,
  'top-stations': topStationsChart,
  faults: faultsChart,
};

/** Whether the connector group belongs to the caller's scope; its connectors when it does. */
export async function connectorGroupConnectors(db: Db, scope: readonly number[], groupId: number) {
  const { results } = await db.$client
    .prepare(
      `SELECT g.id AS gid, gc.connector_id AS id FROM connector_groups g
         LEFT JOIN connector_group_connectors gc ON gc.group_id = g.id
        WHERE g.id = ?1 AND g.company_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(groupId, JSON.stringify(scope))
    .all<{ gid: number; id: number | null }>();
  if (results.length === 0) return null;
  return results.flatMap((r) => (r.id === null ? [] : [r.id]));
}

/** The subtree's stations with a company group at `level` (1‥4), and those groups' names. */
export async function stationGroupsAt(db: Db, companyId: number, level: 1 | 2 | 3 | 4) {
  const column = `group${level}_id`;
  const { results } = await db.$client
    .prepare(
      `${COMPANY_TREE_CTE}
       SELECT s.id AS station_id, s.${column} AS group_id, g.name FROM stations s JOIN company_groups g ON g.id = s.${column}
        WHERE s.company_id IN (SELECT id FROM tree) OR s.owner_company_id IN (SELECT id FROM tree)`,
    )
    .bind(companyId)
    .all<{ station_id: number; group_id: number; name: string }>();
  const names = new Map(results.map((r) => [r.group_id, r.name]));
  return {
    stationGroups: results.map((r) => ({ stationId: r.station_id, groupId: r.group_id })),
    groups: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id),
  };
}
