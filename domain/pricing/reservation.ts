/**
 * @module Reservation costs (OCPI elements restricted to RESERVATION / RESERVATION_EXPIRES): a flat
 * fee and the reserved time, rounded up once in the step of its TIME component. An expired
 * reservation prefers the RESERVATION_EXPIRES elements and falls back to RESERVATION ones.
 */

import { dayIndex, minuteOfDay, weekdayOfDay, type ZoneClock } from '../time/zone-clock';
import type { Candidate, CompiledTariff } from './compile';
import type { LineBook } from './lines';
import { matches, type SegmentFacts } from './restrictions';
import type { Reservation } from './types';

export function bookReservation(c: CompiledTariff, r: Reservation, book: LineBook, clock: ZoneClock): void {
  const wall = clock.wall(r.start);
  const day = dayIndex(wall);
  const facts: SegmentFacts = {
    minute: minuteOfDay(wall),
    day,
    weekday: weekdayOfDay(day),
    energyWh: 0,
    elapsedMs: 0,
    powerW: 0,
    currentA: undefined,
  };
  const pick = (dimension: 'FLAT' | 'TIME') =>
    first(
      r.expired ? [...c.reservationExpires[dimension], ...c.reservation[dimension]] : c.reservation[dimension],
      facts,
    );
  const flat = pick('FLAT');
  if (flat) book.add('RESERVATION_FLAT', flat, 1);
  const time = pick('TIME');
  const ms = Math.max(0, r.end - r.start);
  if (time && ms > 0) {
    const step = Math.max(1, time.component.stepSize) * 1000;
    book.add('RESERVATION_TIME', time, Math.ceil(ms / step) * step);
  }
}

export function first(candidates: readonly Candidate[], facts: SegmentFacts): Candidate | undefined {
  for (const candidate of candidates) if (matches(candidate.when, facts)) return candidate;
  return undefined;
}
