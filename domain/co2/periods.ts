/**
 * @module The months of a CO2 report in the company's time zone, as UTC instants: the store groups
 * session starts into them and the residual-mix year is each month's year.
 */
import { zoneClock } from '@domain/time/zone-clock';

export interface ReportMonth {
  /** 'YYYY-MM'. */
  month: string;
  year: number;
  start: number;
  end: number;
}

/** At most three years in one report: the query stays bounded. */
export const MAX_REPORT_MONTHS = 36;

const monthIndex = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return (y ?? 0) * 12 + (m ?? 1) - 1;
};
const label = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The month of an instant in the zone ('YYYY-MM'). */
export function monthOf(timeZone: string, at: number): string {
  return new Date(zoneClock(timeZone).wall(at)).toISOString().slice(0, 7);
}

/**
 * Months from `from` to `to` inclusive ('YYYY-MM'); null when `to` is before `from` or the range is
 * longer than MAX_REPORT_MONTHS.
 */
export function reportMonths(timeZone: string, from: string, to: string): ReportMonth[] | null {
  const a = monthIndex(from);
  const b = monthIndex(to);
  if (b < a || b - a + 1 > MAX_REPORT_MONTHS) return null;
  const clock = zoneClock(timeZone);
  const startOf = (i: number) => clock.earliestUtcOf(Date.UTC(Math.floor(i / 12), i % 12, 1));
  return Array.from({ length: b - a + 1 }, (_, k) => ({
    month: label(a + k),
    year: Math.floor((a + k) / 12),
    start: startOf(a + k),
    end: startOf(a + k + 1),
  }));
}

/** The default period: the twelve months ending with the current one. */
export function lastTwelveMonths(timeZone: string, now: number): { from: string; to: string } {
  const to = monthOf(timeZone, now);
  return { from: label(monthIndex(to) - 11), to };
}

/**
 * A report's months from the optional bounds: none, the last twelve months; only `to`, the twelve
 * months ending with it; only `from`, up to the current month. Null when the range is invalid.
 */
export function resolvePeriod(timeZone: string, now: number, from?: string, to?: string): ReportMonth[] | null {
  const last = to ?? monthOf(timeZone, now);
  const first = from ?? label(monthIndex(last) - 11);
  return reportMonths(timeZone, first, last);
}
