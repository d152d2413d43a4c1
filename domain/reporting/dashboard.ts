/**
 * @module The built-in dashboards' data (issue 21 part 2, ADR 055): which dashboards show which charts,
 * the period in the company's time zone (whole days, as UTC instants, cut where the zone's UTC offset
 * changes), the connector-hours available per weekday and hour (the utilisation denominator, across
 * daylight-saving changes), and the CSV rows of a chart. The stores sum the facts in the same
 * wall-clock buckets: both read the offset segments made here.
 */
import type { Cell } from '@domain/export/cells';
import { DAY_MS, dayIndex, dayOfDate, weekdayOfDay, zoneClock } from '@domain/time/zone-clock';

export const HOUR_MS = 3_600_000;

export const CHART_IDS = ['energy-sessions', 'revenue', 'utilisation', 'top-stations', 'faults'] as const;
export type ChartId = (typeof CHART_IDS)[number];

export const DASHBOARD_IDS = ['main', 'revenue', 'utilisation', 'faults'] as const;
export type DashboardId = (typeof DASHBOARD_IDS)[number];

/** The built-in dashboards and their charts, in display order (ids stable; titles are the screen's). */
export const DASHBOARDS: Record<DashboardId, readonly ChartId[]> = {
  main: ['energy-sessions', 'revenue', 'utilisation', 'top-stations', 'faults'],
  revenue: ['revenue', 'top-stations', 'energy-sessions'],
  utilisation: ['utilisation', 'energy-sessions', 'top-stations'],
  faults: ['faults', 'utilisation'],
};

/** What a chart's figures are measured in. */
export const CHART_UNITS: Record<ChartId, string> = {
  'energy-sessions': 'Wh',
  revenue: 'minor-units',
  utilisation: 'share',
  'top-stations': 'Wh',
  faults: 'minutes',
};

export const isDashboardId = (id: string): id is DashboardId => (DASHBOARD_IDS as readonly string[]).includes(id);

/** Whether `dashboardId` names a built-in dashboard that shows `chartId`. */
export function chartOf(dashboardId: string, chartId: string): ChartId | null {
  if (!isDashboardId(dashboardId)) return null;
  return DASHBOARDS[dashboardId].find((c) => c === chartId) ?? null;
}

/** The longest period one chart reads, in days (a leap year). */
export const MAX_PERIOD_DAYS = 366;
/** The default period: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

/** A stretch of the period with one UTC offset: [start, end) as UTC ms, `offset` = local − UTC in ms. */
export interface OffsetSegment {
  start: number;
  end: number;
  offset: number;
}

export interface DashboardPeriod {
  timeZone: string;
  /** 'YYYY-MM-DD', inclusive, in the time zone. */
  from: string;
  to: string;
  /** The first instant of `from` and the first of the day after `to` (UTC ms). */
  start: number;
  end: number;
  /** The period cut at each change of the zone's offset (at most a few per year). */
  segments: OffsetSegment[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of a day index (days since 1970-01-01). */
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Whether `date` is a real calendar date 'YYYY-MM-DD' from the year 2000 on. */
export function isDate(date: string): boolean {
  return DATE.test(date) && date >= '2000-01-01' && dateOfDay(dayOfDate(date)) === date;
}

export type PeriodProblem = 'date' | 'order' | 'length';

/**
 * The period from the optional bounds (`to` defaults to today in the zone, `from` to 29 days before
 * `to`), or what is wrong with them: not a date, `to` before `from`, longer than MAX_PERIOD_DAYS.
 */
export function dashboardPeriod(
  timeZone: string,
  now: number,
  from?: string,
  to?: string,
): DashboardPeriod | { problem: PeriodProblem; field: 'from' | 'to' } {
  const clock = zoneClock(timeZone);
  if (to !== undefined && !isDate(to)) return { problem: 'date', field: 'to' };
  if (from !== undefined && !isDate(from)) return { problem: 'date', field: 'from' };
  const last = to === undefined ? dayIndex(clock.wall(now)) : dayOfDate(to);
  const first = from === undefined ? last - (DEFAULT_PERIOD_DAYS - 1) : dayOfDate(from);
  if (last < first) return { problem: 'order', field: 'to' };
  if (last - first + 1 > MAX_PERIOD_DAYS) return { problem: 'length', field: 'from' };
  const start = clock.earliestUtcOf(first * DAY_MS);
  const end = clock.earliestUtcOf((last + 1) * DAY_MS);
  return {
    timeZone,
    from: dateOfDay(first),
    to: dateOfDay(last),
    start,
    end,
    segments: offsetSegments(timeZone, start, end),
  };
}

/** [start, end) cut at every change of the zone's UTC offset. */
export function offsetSegments(timeZone: string, start: number, end: number): OffsetSegment[] {
  const clock = zoneClock(timeZone);
  const cuts = [start, ...clock.transitionsBetween(start, end).filter((t) => t > start && t < end), end];
  return cuts.slice(0, -1).map((a, i) => ({ start: a, end: cuts[i + 1] as number, offset: clock.offsetAt(a) }));
}

/** Calls `visit` with each wall-clock bucket of `size` ms that [a, b) (wall ms) overlaps, and the overlap. */
function spread(a: number, b: number, size: number, visit: (bucket: number, ms: number) => void) {
  for (let k = Math.floor(a / size); k * size < b; k++) visit(k, Math.min(b, (k + 1) * size) - Math.max(a, k * size));
}

/** 1 = Monday … 7 = Sunday, and the hour 0‥23, of a wall-clock hour index (hours since 1970-01-01). */
export function weekdayHour(hourIndex: number): { weekday: number; hour: number } {
  return { weekday: weekdayOfDay(Math.floor(hourIndex / 24)) + 1, hour: hourIndex % 24 };
}

/**
 * The real ms the period spends in each local weekday (1‥7) × hour (0‥23): an hour is 60 minutes
 * normally, missing on the day clocks go forward and doubled on the day they go back. One connector
 * available all period long offers exactly this; the utilisation denominator is it × the connectors.
 */
export function availableMs(period: Pick<DashboardPeriod, 'segments'>): number[][] {
  const cells = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const s of period.segments) {
    spread(s.start + s.offset, s.end + s.offset, HOUR_MS, (k, ms) => {
      const { weekday, hour } = weekdayHour(k);
      (cells[weekday - 1] as number[])[hour] = ((cells[weekday - 1] as number[])[hour] ?? 0) + ms;
    });
  }
  return cells;
}

/** One weekday × hour of the utilisation chart. */
export interface UtilisationCell {
  weekday: number;
  hour: number;
  occupiedShare: number;
}

/** Occupied connector-ms per (weekday, hour) as the stores sum them. */
export interface OccupiedRow {
  weekday: number;
  hour: number;
  occupiedMs: number;
}

/**
 * The 7 × 24 cells: occupied connector-time / (connectors × the time the period spends in that
 * weekday and hour), 0 where nothing was available, at most 1 (overlapping sessions on one connector
 * would otherwise push it above).
 */
export function utilisationCells(
  period: Pick<DashboardPeriod, 'segments'>,
  connectors: number,
  occupied: readonly OccupiedRow[],
): UtilisationCell[] {
  const available = availableMs(period);
  const used = new Map(occupied.map((r) => [`${r.weekday}:${r.hour}`, r.occupiedMs]));
  const cells: UtilisationCell[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const offered = connectors * (available[weekday - 1]?.[hour] ?? 0);
      const ms = used.get(`${weekday}:${hour}`) ?? 0;
      cells.push({ weekday, hour, occupiedShare: offered > 0 ? Math.min(1, ms / offered) : 0 });
    }
  }
  return cells;
}

/** Every day of the period, 'YYYY-MM-DD', in order. */
export function periodDays(period: Pick<DashboardPeriod, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let d = dayOfDate(period.from); d <= dayOfDate(period.to); d++) days.push(dateOfDay(d));
  return days;
}

/** A series row: a flat record of cells. */
export type SeriesRow = Record<string, Cell>;

/** The CSV columns of a chart (English ids: the series' keys), `groupId` first when grouped. */
export const CHART_COLUMNS: Record<ChartId, readonly string[]> = {
  'energy-sessions': ['day', 'sessions', 'energyWh'],
  revenue: ['day', 'currency', 'emp', 'empNet', 'subcpo', 'owner'],
  utilisation: ['weekday', 'hour', 'occupiedShare'],
  'top-stations': ['stationId', 'name', 'sessions', 'energyWh', 'revenueEmp', 'currency'],
  faults: ['day', 'faults', 'faultMinutes'],
};

/** A chart's CSV: the column ids (English, the series' keys) and the same rows as its series, in order. */
export function csvTable(chartId: ChartId, series: readonly SeriesRow[], grouped: boolean) {
  const columns = [...(grouped ? ['groupId'] : []), ...CHART_COLUMNS[chartId]];
  return { columns, rows: series.map((row): Cell[] => columns.map((c) => row[c] ?? null)) };
}
