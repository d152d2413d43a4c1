/**
 * @module A fleet user's consumption (kWh), session count, spend (the driver's price, per currency) or
 * CO2 avoided (kg) per month of a year, or per year of the five years to it (spec 7.8
 * `users/{userId}/{target}/{type}/{year}`), in periods of the company clock.
 */

export type StatsTarget = 'consumption' | 'sessions' | 'spend' | 'co2';
export type StatsType = 'month' | 'year';

export interface StatsQuery {
  type: StatsType;
  year: number;
  timeZone: string;
}

export interface StatsPoint {
  period: string;
  value: number;
  /** Spend only: the currency of `value` (minor units). */
  currency?: string;
}

/** Sessions whose start lies in this window may fall in a period: the years widened by 14 hours each side (any time zone). */
export function statsWindow(type: StatsType, year: number): { from: Date; to: Date } {
  const firstYear = type === 'month' ? year : year - 4;
  return {
    from: new Date(Date.UTC(firstYear, 0, 1) - 14 * 3600_000),
    to: new Date(Date.UTC(year + 1, 0, 1) + 14 * 3600_000),
  };
}

/** The periods shown: the twelve months of the year ('YYYY-MM'), or the five years to it ('YYYY'). */
export function statsPeriods(type: StatsType, year: number): string[] {
  return type === 'month'
    ? Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)
    : Array.from({ length: 5 }, (_, i) => String(year - 4 + i));
}

/** The period of a month 'YYYY-MM': itself, or its year. */
const periodOfMonth = (type: StatsType, month: string) => (type === 'month' ? month : month.slice(0, 4));

/** The month ('YYYY-MM') of an instant read in `timeZone`. */
function monthReader(timeZone: string) {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
  return (at: Date) => {
    const parts = fmt.formatToParts(at);
    return `${parts.find((p) => p.type === 'year')?.value ?? ''}-${parts.find((p) => p.type === 'month')?.value ?? ''}`;
  };
}

/** Adds `values` (keyed by month) into the periods; months outside them are left out. */
function fold(q: StatsQuery, values: Iterable<[string, number]>, round: (n: number) => number): StatsPoint[] {
  const keys = statsPeriods(q.type, q.year);
  const buckets = new Map<string, number>(keys.map((k) => [k, 0]));
  for (const [month, v] of values) {
    const key = periodOfMonth(q.type, month);
    const sum = buckets.get(key);
    if (sum !== undefined) buckets.set(key, sum + v);
  }
  return keys.map((period) => ({ period, value: round(buckets.get(period) ?? 0) }));
}

const thousandths = (n: number) => Math.round(n * 1000) / 1000;

/** Each period's kWh or session count, the session's start read in `timeZone`. */
export function statsBuckets(
  sessions: readonly { start: Date; wh: number | null }[],
  q: StatsQuery & { target: 'consumption' | 'sessions' },
): StatsPoint[] {
  const month = monthReader(q.timeZone);
  const values = sessions.map((s): [string, number] => [
    month(s.start),
    q.target === 'sessions' ? 1 : (s.wh ?? 0) / 1000,
  ]);
  return fold(q, values, thousandths);
}

/**
 * The driver's price per period and currency (minor units, every period of each currency present);
 * sessions without a price count nothing. No session priced: the periods at zero in `fallbackCurrency`.
 */
export function spendBuckets(
  sessions: readonly { start: Date; emp: number | null; currency: string }[],
  q: StatsQuery & { fallbackCurrency: string },
): StatsPoint[] {
  const month = monthReader(q.timeZone);
  const priced = sessions.filter((s) => s.emp !== null);
  const currencies = [...new Set(priced.map((s) => s.currency))].sort();
  if (currencies.length === 0) currencies.push(q.fallbackCurrency);
  return currencies.flatMap((currency) =>
    fold(
      q,
      priced.filter((s) => s.currency === currency).map((s): [string, number] => [month(s.start), s.emp ?? 0]),
      Math.round,
    ).map((p) => ({ ...p, currency })),
  );
}

/** CO2 avoided per period (kg) from the kg per month ('YYYY-MM', months of the company clock). */
export function co2Buckets(kgByMonth: ReadonlyMap<string, number>, q: StatsQuery): StatsPoint[] {
  return fold(q, kgByMonth.entries(), thousandths);
}
