/**
 * @module The pricing engine: prices one session time line under one tariff with OCPI 2.2.1
 * semantics (first matching element per dimension, evaluated per segment), the spec's grace time,
 * free parking and private sessions, step sizes once per session, then min/max price.
 */

import { DEFAULT_TIME_ZONE, dayIndex, minuteOfDay, weekdayOfDay, type ZoneClock, zoneClock } from '../time/zone-clock';
import { type CompiledTariff, compileTariff } from './compile';
import { LineBook } from './lines';
import { bookReservation, first } from './reservation';
import { type CompiledRestrictions, matches } from './restrictions';
import { type Segment, segmentsOf } from './segments';
import { soundTimeline } from './timeline';
import { exactTotals, limitLines, roundTotals } from './totals';
import type { Period, Priced, PricedLine, PricingResult, SessionTimeline, Tariff } from './types';

export interface PricingOptions {
  /** IANA zone of the station, for time-of-day, date and weekday restrictions. Default Europe/Paris. */
  timeZone?: string;
  /** Private sessions are priced by the free tariff (spec section 9). */
  privateSession?: boolean;
  /**
   * Charge the energy even under the tariff's grace time: a session still running (its price so far,
   * ADR 028/045) or one the back office itself stopped for a limit or the prepaid balance (a quick DC
   * charge stopped at the balance after 90 s delivered what it cost; free, it could be repeated).
   */
  ignoreGraceTime?: boolean;
  /**
   * Tests only: price a uniform tariff through the segments too, the general path its sums are checked
   * against (domain/pricing/uniform.test.ts).
   */
  throughSegments?: boolean;
}

const freeTariffs = new Map<string, Tariff>();

/** OCPI's "Free of Charge" tariff: one FLAT component at 0.00 (one shared object per currency). */
export function freeTariff(currency = 'EUR'): Tariff {
  let tariff = freeTariffs.get(currency);
  if (!tariff) {
    tariff = {
      id: 'free',
      currency,
      elements: [{ priceComponents: [{ type: 'FLAT', price: 0, vatBp: null, stepSize: 0 }] }],
    };
    freeTariffs.set(currency, tariff);
  }
  return tariff;
}

export function priceSession(
  tariff: Tariff | undefined,
  reported: SessionTimeline,
  options: PricingOptions = {},
): PricingResult {
  const timeline = soundTimeline(reported);
  const needsRevision = timeline.anomalies.length > 0 ? [...timeline.anomalies] : null;
  const applied = options.privateSession ? freeTariff(tariff?.currency) : tariff;
  if (!applied) return unpricedResult('no applicable tariff', needsRevision);
  if (applied.elements.length === 0) return unpricedResult(`tariff ${applied.id} has no elements`, needsRevision);
  if (applied.validFrom !== undefined && timeline.start < applied.validFrom) {
    return unpricedResult(`tariff ${applied.id} is not yet valid at session start`, needsRevision);
  }
  if (applied.validTo !== undefined && timeline.start >= applied.validTo) {
    return unpricedResult(`tariff ${applied.id} is no longer valid at session start`, needsRevision);
  }
  let clock: ZoneClock;
  try {
    clock = zoneClock(options.timeZone ?? DEFAULT_TIME_ZONE);
  } catch {
    return unpricedResult(`unknown time zone ${options.timeZone}`, needsRevision);
  }
  const compiled = compileTariff(applied);
  const result = price(compiled, timeline, clock, needsRevision, options);
  if (options.privateSession) result.free = 'private';
  return result;
}

function price(
  c: CompiledTariff,
  timeline: SessionTimeline,
  clock: ZoneClock,
  needsRevision: string[] | null,
  options: PricingOptions,
): Priced {
  const { tariff } = c;
  // A uniform tariff prices from the time line's sums: no segments, no clock reads (see sums).
  const segments = c.uniform && !options.throughSegments ? null : segmentsOf(timeline, c.thresholds, clock);
  const totals = segments ? null : sums(timeline);
  const quantities = segments ? measure(segments) : quantitiesOf(totals as Sums);
  const book = new LineBook();
  const grace =
    !options.ignoreGraceTime &&
    tariff.graceTimeS !== undefined &&
    timeline.end - timeline.start < tariff.graceTimeS * 1000;
  if (!grace && timeline.reservation) bookReservation(c, timeline.reservation, book, clock);
  if (!grace && !timeline.reservation?.expired) {
    if (segments) bookSession(c, timeline, segments, book, clock);
    else bookUniform(c, totals as Sums, book);
    book.applyStepSizes(tariff.timeStepRule ?? 'parking');
  }
  const exact = book.lines(c.minorDigits);
  if (!grace && (tariff.minPrice || tariff.maxPrice)) {
    for (const line of limitLines(tariff, exactTotals(exact))) exact.push(line);
  }
  const rounded = roundTotals(exactTotals(exact));
  const lines: PricedLine[] = new Array(exact.length);
  for (let i = 0; i < exact.length; i++) lines[i] = (exact[i] as (typeof exact)[number]).line;
  const result: Priced = {
    kind: 'priced',
    tariffId: tariff.id,
    currency: tariff.currency,
    lines,
    totals: rounded,
    displayTotal: tariff.display === 'included' ? rounded.inclVat : rounded.exclVat,
    quantities,
    needsRevision,
  };
  if (grace) result.free = 'grace-time';
  return result;
}

function bookSession(c: CompiledTariff, t: SessionTimeline, segments: Segment[], book: LineBook, clock: ZoneClock) {
  const { session } = c;
  let freeParkingMs = (c.tariff.freeParkingS ?? 0) * 1000;
  for (const s of segments) {
    if (s.segmentWh > 0) {
      const energy = first(session.ENERGY, s);
      if (energy) book.add('ENERGY', energy, s.segmentWh);
    }
    if (s.durationMs <= 0) continue;
    if (s.charging) {
      const time = first(session.TIME, s);
      if (time) book.add('TIME', time, s.durationMs);
      continue;
    }
    const billable = Math.max(0, s.durationMs - freeParkingMs);
    freeParkingMs = Math.max(0, freeParkingMs - s.durationMs);
    const parking = billable > 0 ? first(session.PARKING_TIME, s) : undefined;
    if (parking) book.add('PARKING_TIME', parking, billable);
  }
  // FLAT: the first element (in tariff order) whose restrictions hold at some point of the session.
  const start = segments.length > 0 ? undefined : factsAt(t.start, t.start, clock);
  for (const candidate of session.FLAT) {
    if (start ? matches(candidate.when, start) : matchesSome(candidate.when, segments)) {
      book.add('FLAT', candidate, 1);
      break;
    }
  }
}

/** What the segments of a time line add up to, whatever the cuts: cutting a period keeps its energy and time. */
interface Sums {
  energyWh: number;
  chargingMs: number;
  parkingMs: number;
  /** Index of the last period with charging (parking) time; -1 when none. */
  lastCharging: number;
  lastParking: number;
}

function sums(t: SessionTimeline): Sums {
  let energyWh = 0;
  let chargingMs = 0;
  let parkingMs = 0;
  let lastCharging = -1;
  let lastParking = -1;
  const { periods } = t;
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i] as Period;
    energyWh += p.energyWh;
    const ms = p.end - p.start;
    if (ms <= 0) continue;
    if (p.charging) {
      chargingMs += ms;
      lastCharging = i;
    } else {
      parkingMs += ms;
      lastParking = i;
    }
  }
  return { energyWh, chargingMs, parkingMs, lastCharging, lastParking };
}

function quantitiesOf(s: Sums) {
  return { energyWh: s.energyWh, chargingS: s.chargingMs / 1000, parkingS: s.parkingMs / 1000 };
}

/**
 * `bookSession` of a uniform tariff: the first candidate of a dimension wins in every segment, so it
 * takes the session's whole quantity. Free parking comes off the total parking time (segment by
 * segment it comes off the first parking, which bills the same total); of TIME and PARKING_TIME the
 * line whose time comes last is booked last, as segment by segment (the 'session' step rule rounds it).
 */
function bookUniform(c: CompiledTariff, s: Sums, book: LineBook) {
  const { session } = c;
  const energy = session.ENERGY[0];
  if (energy && s.energyWh > 0) book.add('ENERGY', energy, s.energyWh);
  const time = s.chargingMs > 0 ? session.TIME[0] : undefined;
  const billable = s.parkingMs > 0 ? Math.max(0, s.parkingMs - (c.tariff.freeParkingS ?? 0) * 1000) : 0;
  const parking = billable > 0 ? session.PARKING_TIME[0] : undefined;
  const parkingLast = s.lastParking > s.lastCharging;
  if (parking && !parkingLast) book.add('PARKING_TIME', parking, billable);
  if (time) book.add('TIME', time, s.chargingMs);
  if (parking && parkingLast) book.add('PARKING_TIME', parking, billable);
  const flat = session.FLAT[0];
  if (flat) book.add('FLAT', flat, 1);
}

function matchesSome(when: CompiledRestrictions, segments: readonly Segment[]): boolean {
  for (const s of segments) if (matches(when, s)) return true;
  return false;
}

function unpricedResult(reason: string, needsRevision: string[] | null): PricingResult {
  return { kind: 'unpriced', reason, needsRevision };
}

function factsAt(at: number, sessionStart: number, clock: ZoneClock) {
  const wall = clock.wall(at);
  const day = dayIndex(wall);
  return {
    minute: minuteOfDay(wall),
    day,
    weekday: weekdayOfDay(day),
    energyWh: 0,
    elapsedMs: at - sessionStart,
    powerW: 0,
    currentA: undefined,
  };
}

function measure(segments: Segment[]) {
  let energyWh = 0;
  let chargingMs = 0;
  let parkingMs = 0;
  for (const s of segments) {
    energyWh += s.segmentWh;
    if (s.charging) chargingMs += s.durationMs;
    else parkingMs += s.durationMs;
  }
  return { energyWh, chargingS: chargingMs / 1000, parkingS: parkingMs / 1000 };
}
