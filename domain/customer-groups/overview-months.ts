/** @module The months of a customer group's year overview, in CET as every session time on screen. */
import { SESSION_TIME_ZONE } from '@domain/sessions/display';
import { zoneClock } from '@domain/time/zone-clock';

/** The 13 UTC instants at which the months of `year` start in CET (and the next year starts). */
export function monthStarts(year: number): number[] {
  const clock = zoneClock(SESSION_TIME_ZONE);
  return Array.from({ length: 13 }, (_, m) => clock.earliestUtcOf(Date.UTC(year, m, 1)));
}
