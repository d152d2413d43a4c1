/**
 * @module OCPI tariff restrictions compiled to plain numbers and matched against one segment of the
 * session, within which every restricted quantity is constant (see `segments.ts`). All restrictions
 * of an element must hold (logical AND); min bounds are inclusive, max bounds exclusive.
 */

import { dayOfDate } from '../time/zone-clock';
import type { DayOfWeek, TariffRestrictions } from './types';
import { DAYS_OF_WEEK } from './types';

/** What a restriction can look at, for one segment (evaluated at the segment's start). */
export interface SegmentFacts {
  /** Local minute of day 0..1439, local day index, weekday 0 = Monday. */
  minute: number;
  day: number;
  weekday: number;
  /** Energy consumed before the segment (Wh) and seconds since session start (ms). */
  energyWh: number;
  elapsedMs: number;
  powerW: number;
  currentA: number | undefined;
}

export interface CompiledRestrictions {
  /** Minutes of day; `to` 1440 means end of day; wraps when from > to. */
  from: number;
  to: number;
  dayFrom: number;
  dayTo: number;
  weekdays: number;
  minWh: number;
  maxWh: number;
  minW: number;
  maxW: number;
  minA: number;
  maxA: number;
  minMs: number;
  maxMs: number;
  usesCurrent: boolean;
}

const ALL_WEEKDAYS = 0b1111111;

export function parseClock(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new RangeError(`not a time of day: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Energy thresholds are whole Wh, like the energy they are compared with. */
export function compileRestrictions(r: TariffRestrictions | undefined): CompiledRestrictions {
  const from = r?.startTime === undefined ? 0 : parseClock(r.startTime);
  const rawTo = r?.endTime === undefined ? 1440 : parseClock(r.endTime);
  const to = rawTo === 0 || rawTo === from ? 1440 : rawTo;
  return {
    // The same start and end time means the whole day.
    from: rawTo === from ? 0 : from,
    to,
    dayFrom: r?.startDate === undefined ? Number.NEGATIVE_INFINITY : dayOfDate(r.startDate),
    dayTo: r?.endDate === undefined ? Number.POSITIVE_INFINITY : dayOfDate(r.endDate),
    weekdays: r?.dayOfWeek?.length ? weekdayMask(r.dayOfWeek) : ALL_WEEKDAYS,
    minWh: r?.minKwh === undefined ? Number.NEGATIVE_INFINITY : Math.round(r.minKwh * 1000),
    maxWh: r?.maxKwh === undefined ? Number.POSITIVE_INFINITY : Math.round(r.maxKwh * 1000),
    minW: r?.minPower === undefined ? Number.NEGATIVE_INFINITY : r.minPower * 1000,
    maxW: r?.maxPower === undefined ? Number.POSITIVE_INFINITY : r.maxPower * 1000,
    minA: r?.minCurrent ?? Number.NEGATIVE_INFINITY,
    maxA: r?.maxCurrent ?? Number.POSITIVE_INFINITY,
    minMs: r?.minDuration === undefined ? Number.NEGATIVE_INFINITY : r.minDuration * 1000,
    maxMs: r?.maxDuration === undefined ? Number.POSITIVE_INFINITY : r.maxDuration * 1000,
    usesCurrent: r?.minCurrent !== undefined || r?.maxCurrent !== undefined,
  };
}

function weekdayMask(days: readonly DayOfWeek[]): number {
  let mask = 0;
  for (const day of days) mask |= 1 << DAYS_OF_WEEK.indexOf(day);
  return mask;
}

export function matches(c: CompiledRestrictions, f: SegmentFacts): boolean {
  if (c.from <= c.to ? f.minute < c.from || f.minute >= c.to : f.minute < c.from && f.minute >= c.to) return false;
  if (f.day < c.dayFrom || f.day >= c.dayTo) return false;
  if ((c.weekdays & (1 << f.weekday)) === 0) return false;
  if (f.energyWh < c.minWh || f.energyWh >= c.maxWh) return false;
  if (f.powerW < c.minW || f.powerW >= c.maxW) return false;
  if (f.elapsedMs < c.minMs || f.elapsedMs >= c.maxMs) return false;
  if (c.usesCurrent) {
    if (f.currentA === undefined || f.currentA < c.minA || f.currentA >= c.maxA) return false;
  }
  return true;
}

/** True when the restrictions hold for every segment (none, or only bounds that exclude nothing). */
export function matchesEverything(c: CompiledRestrictions): boolean {
  return (
    c.from === 0 &&
    c.to === 1440 &&
    c.dayFrom === Number.NEGATIVE_INFINITY &&
    c.dayTo === Number.POSITIVE_INFINITY &&
    c.weekdays === ALL_WEEKDAYS &&
    c.minWh === Number.NEGATIVE_INFINITY &&
    c.maxWh === Number.POSITIVE_INFINITY &&
    c.minW === Number.NEGATIVE_INFINITY &&
    c.maxW === Number.POSITIVE_INFINITY &&
    c.minMs === Number.NEGATIVE_INFINITY &&
    c.maxMs === Number.POSITIVE_INFINITY &&
    !c.usesCurrent
  );
}

/** Clock minutes, durations (ms) and energies (Wh) at which some element can switch on or off. */
export interface Thresholds {
  minutes: number[];
  durationsMs: number[];
  energiesWh: number[];
  /** Midnight matters when a weekday or date restriction exists. */
  midnight: boolean;
}

export function thresholdsOf(all: readonly CompiledRestrictions[]): Thresholds {
  const minutes = new Set<number>();
  const durations = new Set<number>();
  const energies = new Set<number>();
  let midnight = false;
  for (const c of all) {
    for (const m of [c.from, c.to]) if (m > 0 && m < 1440) minutes.add(m);
    for (const d of [c.minMs, c.maxMs]) if (Number.isFinite(d) && d > 0) durations.add(d);
    for (const e of [c.minWh, c.maxWh]) if (Number.isFinite(e) && e > 0) energies.add(e);
    if (c.weekdays !== ALL_WEEKDAYS || Number.isFinite(c.dayFrom) || Number.isFinite(c.dayTo)) midnight = true;
    // A window ending at 00:00 (end of day) switches at midnight.
    if (c.from !== 0 || c.to !== 1440) midnight = true;
  }
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  return { minutes: sorted(minutes), durationsMs: sorted(durations), energiesWh: sorted(energies), midnight };
}
