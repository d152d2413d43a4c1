/**
 * @module The buckets of the availability KPI (spec `kpi/availability/{year}/{month}[/{day}]`): the
 * local days of a month, or the local hours of a day, in the company's time zone, as UTC instants (a
 * day of a DST change has 23 or 25 hours).
 */

import { zoneClock } from '@domain/time/zone-clock';
import type { Bucket } from './availability';

const HOUR_MS = 3_600_000;

/** The UTC instant at which a local day starts (month is 1-based; day may overflow into the next month). */
function localDayStart(timeZone: string, year: number, month: number, day: number): number {
  return zoneClock(timeZone).earliestUtcOf(Date.UTC(year, month - 1, day));
}

/** Days in a month (month 1-based). */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** One bucket per local day of the month. */
export function dayBuckets(timeZone: string, year: number, month: number): Bucket[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => ({
    start: localDayStart(timeZone, year, month, i + 1),
    end: localDayStart(timeZone, year, month, i + 2),
  }));
}

/** One bucket per local hour of the day (the last one cut at the day's end); null when the date does not exist. */
export function hourBuckets(timeZone: string, year: number, month: number, day: number): Bucket[] | null {
  if (day > daysInMonth(year, month)) return null;
  const start = localDayStart(timeZone, year, month, day);
  const end = localDayStart(timeZone, year, month, day + 1);
  const buckets: Bucket[] = [];
  for (let t = start; t < end; t += HOUR_MS) buckets.push({ start: t, end: Math.min(t + HOUR_MS, end) });
  return buckets;
}
