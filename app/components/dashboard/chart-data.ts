/**
 * @module The dashboards screen's pure parts (issue 21 part 2, ADR 055): its filters read from and
 * written to the URL, the chart API's series rows read into typed rows (the API types a row loosely,
 * as CSV cells), the split per company group, the 7 × 24 utilisation grid and the CSV address.
 */

/** The tab of the Metabase embed beside the built-in dashboards (`/dashboard/metabase`). */
export const METABASE_TAB = 'metabase';

export const CHART_IDS = ['energy-sessions', 'revenue', 'utilisation', 'top-stations', 'faults'] as const;
export type ChartId = (typeof CHART_IDS)[number];

/** The screen's filters, as the URL carries them (dates are whole days, `to` included). */
export interface DashboardFilters {
  from: string;
  to: string;
  companyId: number | null;
  groupLevel: 1 | 2 | 3 | 4 | null;
  connectorGroupId: number | null;
}

const DAY_MS = 86_400_000;
/** The default period: the last 30 days, today included (the API's default too). */
export const DEFAULT_DAYS = 30;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const validDate = (v: string | null) =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) && day(Date.parse(`${v}T00:00:00Z`)) === v ? v : null;
const positiveId = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : null;
};

/** The filters of a dashboard URL; a missing or invalid value takes its default. */
export function readDashboardFilters(url: URL, now = Date.now()): DashboardFilters {
  const p = url.searchParams;
  const level = Number(p.get('level'));
  return {
    from: validDate(p.get('from')) ?? day(now - (DEFAULT_DAYS - 1) * DAY_MS),
    to: validDate(p.get('to')) ?? day(now),
    companyId: positiveId(p.get('company')),
    groupLevel: level === 1 || level === 2 || level === 3 || level === 4 ? level : null,
    connectorGroupId: positiveId(p.get('connectorGroup')),
  };
}

/** The chart API's query for these filters (only the filters that are set). */
export function chartQuery(f: DashboardFilters): Record<string, string> {
  return {
    from: f.from,
    to: f.to,
    ...(f.companyId ? { companyId: String(f.companyId) } : {}),
    ...(f.groupLevel ? { companyGroupLevel: String(f.groupLevel) } : {}),
    ...(f.connectorGroupId ? { connectorGroupId: String(f.connectorGroupId) } : {}),
  };
}

/** The address of a chart's CSV download (`format=csv`; the API answers it to the browser's session). */
export function chartCsvHref(dashboardId: string, chartId: ChartId, f: DashboardFilters): string {
  const query = new URLSearchParams({ ...chartQuery(f), format: 'csv' }).toString();
  return `/api/dashboard/${encodeURIComponent(dashboardId)}/charts/${chartId}?${query}`;
}

type Loose = Readonly<Record<string, unknown>>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** A row's company group: a number, null (in no group of the level), undefined when not split. */
const groupOf = (r: Loose) => (r.groupId === undefined ? undefined : r.groupId === null ? null : num(r.groupId));

export interface Grouped {
  groupId?: number | null;
}
export interface EnergyRow extends Grouped {
  day: string;
  sessions: number;
  energyWh: number;
}
export interface RevenueRow extends Grouped {
  day: string;
  currency: string;
  emp: number;
  empNet: number;
  subcpo: number;
  owner: number;
}
export interface UtilisationRow extends Grouped {
  weekday: number;
  hour: number;
  occupiedShare: number;
}
export interface TopStationRow extends Grouped {
  stationId: number;
  name: string;
  sessions: number;
  energyWh: number;
  revenueEmp: number;
  currency: string;
}
export interface FaultRow extends Grouped {
  day: string;
  faults: number;
  faultMinutes: number;
}

export const readEnergy = (rows: readonly Loose[]): EnergyRow[] =>
  rows.map((r) => ({ groupId: groupOf(r), day: text(r.day), sessions: num(r.sessions), energyWh: num(r.energyWh) }));

export const readRevenue = (rows: readonly Loose[]): RevenueRow[] =>
  rows.map((r) => ({
    groupId: groupOf(r),
    day: text(r.day),
    currency: text(r.currency),
    emp: num(r.emp),
    empNet: num(r.empNet),
    subcpo: num(r.subcpo),
    owner: num(r.owner),
  }));

export const readUtilisation = (rows: readonly Loose[]): UtilisationRow[] =>
  rows.map((r) => ({
    groupId: groupOf(r),
    weekday: num(r.weekday),
    hour: num(r.hour),
    occupiedShare: num(r.occupiedShare),
  }));

export const readTopStations = (rows: readonly Loose[]): TopStationRow[] =>
  rows.map((r) => ({
    groupId: groupOf(r),
    stationId: num(r.stationId),
    name: text(r.name),
    sessions: num(r.sessions),
    energyWh: num(r.energyWh),
    revenueEmp: num(r.revenueEmp),
    currency: text(r.currency),
  }));

export const readFaults = (rows: readonly Loose[]): FaultRow[] =>
  rows.map((r) => ({
    groupId: groupOf(r),
    day: text(r.day),
    faults: num(r.faults),
    faultMinutes: num(r.faultMinutes),
  }));

/** The rows per company group in their first order; one part (groupId undefined) when the series is not split. */
export function splitByGroup<T extends Grouped>(
  rows: readonly T[],
): { groupId: number | null | undefined; rows: T[] }[] {
  const parts = new Map<number | null | undefined, T[]>();
  for (const row of rows) {
    const part = parts.get(row.groupId);
    if (part) part.push(row);
    else parts.set(row.groupId, [row]);
  }
  return [...parts].map(([groupId, list]) => ({ groupId, rows: list }));
}

/** The rows per currency in their first order (revenue is never summed across currencies). */
export function byCurrency<T extends { currency: string }>(rows: readonly T[]): { currency: string; rows: T[] }[] {
  const parts = new Map<string, T[]>();
  for (const row of rows) parts.set(row.currency, [...(parts.get(row.currency) ?? []), row]);
  return [...parts].map(([currency, list]) => ({ currency, rows: list }));
}

/**
 * The 7 × 24 grid of occupied shares (`grid[weekday - 1][hour]`, weekday 1 = Monday), null where the
 * series has no cell, and the highest share (the legend's top; at least a small positive number).
 */
export function heatGrid(rows: readonly UtilisationRow[]): { grid: (number | null)[][]; max: number } {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, (): number | null => null));
  let max = 0;
  for (const r of rows) {
    const line = grid[r.weekday - 1];
    if (!line || r.hour < 0 || r.hour > 23 || !Number.isInteger(r.hour)) continue;
    line[r.hour] = r.occupiedShare;
    max = Math.max(max, r.occupiedShare);
  }
  return { grid, max: max > 0 ? max : 0.01 };
}

/** Whether a chart has anything to draw: some row with a non-zero figure. */
export function hasData(chartId: ChartId, rows: readonly Loose[]): boolean {
  const figures: Record<ChartId, readonly string[]> = {
    'energy-sessions': ['sessions', 'energyWh'],
    revenue: ['emp', 'empNet', 'subcpo', 'owner'],
    utilisation: ['occupiedShare'],
    'top-stations': ['sessions', 'energyWh'],
    faults: ['faults', 'faultMinutes'],
  };
  return rows.some((r) => figures[chartId].some((k) => num(r[k]) !== 0));
}
