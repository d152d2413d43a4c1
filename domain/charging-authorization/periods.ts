/** @module Start instants (UTC) of the day, ISO week and month containing an instant, in a time zone. */
import { DEFAULT_TIME_ZONE, zoneClock } from '../time/zone-clock';

export interface PeriodStarts {
  day: Date;
  week: Date;
  month: Date;
}

/** Limits are counted per calendar day, ISO week (Monday) and month of the company's clock. */
export function periodStarts(at: Date, timeZone = DEFAULT_TIME_ZONE): PeriodStarts {
  const clock = zoneClock(timeZone);
  const wall = new Date(clock.wall(at.getTime()));
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth();
  const d = wall.getUTCDate();
  const sinceMonday = (wall.getUTCDay() + 6) % 7;
  return {
    day: new Date(clock.earliestUtcOf(Date.UTC(y, m, d))),
    week: new Date(clock.earliestUtcOf(Date.UTC(y, m, d - sinceMonday))),
    month: new Date(clock.earliestUtcOf(Date.UTC(y, m, 1))),
  };
}

/** The start (UTC) of the day after the one containing `at`, in the time zone (days of 23 to 25 hours). */
export function nextDayStart(at: Date, timeZone = DEFAULT_TIME_ZONE): Date {
  const today = periodStarts(at, timeZone).day.getTime();
  return periodStarts(new Date(today + 36 * 3_600_000), timeZone).day;
}
