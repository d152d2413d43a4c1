/**
 * @module The company overview (`/overview`, issue 20 part 9): the months it compares, in the time zone
 * every session time is shown in (as the customer group overview), and whether the company is brand new.
 */
import { SESSION_TIME_ZONE } from '@domain/sessions/display';
import { zoneClock } from '@domain/time/zone-clock';

export interface MonthRange {
  /** First instant of the month (UTC ms). */
  from: number;
  /** First instant of the next month (UTC ms). */
  to: number;
}

/** The month `now` falls in and the month before it, as [from, to) instants in the sessions' time zone. */
export function overviewMonths(now: number): { thisMonth: MonthRange; lastMonth: MonthRange } {
  const clock = zoneClock(SESSION_TIME_ZONE);
  const wall = new Date(clock.wall(now));
  const start = (offset: number) =>
    clock.earliestUtcOf(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + offset, 1));
  return { lastMonth: { from: start(-1), to: start(0) }, thisMonth: { from: start(0), to: start(1) } };
}

/** The counts that tell a company has started: with none of them it is shown the "get started" links. */
export interface StartFacts {
  stations: number;
  /** Active users of the subtree, back-office staff included. */
  users: number;
  /** Of them, those holding a back-office role (a new company always has its corporate admin). */
  staff: number;
  sessionsThisMonth: number;
  sessionsLastMonth: number;
}

/** A brand-new company: no station, no user besides its staff, no session in either month. */
export const isBrandNew = (f: StartFacts): boolean =>
  f.stations === 0 && f.users - f.staff === 0 && f.sessionsThisMonth === 0 && f.sessionsLastMonth === 0;
