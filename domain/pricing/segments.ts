/**
 * @module Splits a session time line into segments at every instant a tariff restriction can change
 * its verdict: local clock times (and midnight, and DST transitions) of the restrictions, session
 * durations, and the moments the consumed energy crosses a kWh threshold. Energy inside a period is
 * spread linearly over its time, so cuts interpolate it (to whole Wh) and kWh cuts interpolate time.
 */

import { DAY_MS, dayIndex, minuteOfDay, weekdayOfDay, type ZoneClock } from '../time/zone-clock';
import type { SegmentFacts, Thresholds } from './restrictions';
import type { Period, SessionTimeline } from './types';

/**
 * One segment: its own time and energy, and (as `SegmentFacts`, so restrictions match it directly)
 * what holds at its start. One object per segment: the engine builds millions of them.
 */
export interface Segment extends SegmentFacts {
  start: number;
  durationMs: number;
  /** Energy delivered within the segment (Wh); `energyWh` is the energy consumed before it. */
  segmentWh: number;
  charging: boolean;
}

/** Instants in (start, end) where time-of-day, date, weekday or duration restrictions may switch. */
export function timeCuts(timeline: SessionTimeline, t: Thresholds, clock: ZoneClock): number[] {
  const { start, end } = timeline;
  const cuts: number[] = [];
  if (t.minutes.length > 0 || t.midnight) {
    const lastDay = dayIndex(clock.wall(end));
    for (let day = dayIndex(clock.wall(start)); day <= lastDay; day++) {
      for (const u of dayCuts(t, day, clock)) if (u > start && u < end) cuts.push(u);
    }
  }
  for (const d of t.durationsMs) if (d < end - start) cuts.push(start + d);
  if (cuts.length > 1) cuts.sort(ascending);
  return cuts;
}

const ascending = (a: number, b: number) => a - b;

const dayCache = new WeakMap<Thresholds, WeakMap<ZoneClock, Map<number, number[]>>>();
let lastThresholds: Thresholds | undefined;
let lastClock: ZoneClock | undefined;
let lastByDay: Map<number, number[]> | undefined;

/** The clock-time cuts of one local day (with its DST transition, if any), cached per tariff and zone. */
function dayCuts(t: Thresholds, day: number, clock: ZoneClock): number[] {
  let byDay = t === lastThresholds && clock === lastClock ? lastByDay : undefined;
  if (!byDay) {
    let byClock = dayCache.get(t);
    if (!byClock) {
      byClock = new WeakMap();
      dayCache.set(t, byClock);
    }
    byDay = byClock.get(clock);
    if (!byDay) {
      byDay = new Map();
      byClock.set(clock, byDay);
    }
    lastThresholds = t;
    lastClock = clock;
    lastByDay = byDay;
  }
  let cuts = byDay.get(day);
  if (!cuts) {
    cuts = [];
    if (t.midnight) cuts.push(...clock.utcOf(day * DAY_MS));
    for (const m of t.minutes) cuts.push(...clock.utcOf(day * DAY_MS + m * 60_000));
    const from = clock.utcOf(day * DAY_MS)[0] ?? day * DAY_MS;
    cuts.push(...clock.transitionsBetween(from, from + DAY_MS));
    if (byDay.size > 50_000) byDay.clear();
    byDay.set(day, cuts);
  }
  return cuts;
}

export function segmentsOf(timeline: SessionTimeline, t: Thresholds, clock: ZoneClock): Segment[] {
  const cuts = timeCuts(timeline, t, clock);
  const segments: Segment[] = [];
  let consumed = 0;
  let next = 0;
  for (const period of timeline.periods) {
    while (next < cuts.length && (cuts[next] ?? 0) <= period.start) next++;
    if (!splits(period, consumed, cuts[next], t.energiesWh)) {
      if (period.end > period.start || period.energyWh > 0) {
        segments.push(
          segment(timeline.start, period, period.start, period.end - period.start, period.energyWh, consumed, clock),
        );
      }
      consumed += period.energyWh;
      continue;
    }
    const points: Array<[number, number]> = [];
    for (let i = next; i < cuts.length && (cuts[i] ?? 0) < period.end; i++) {
      const u = cuts[i] ?? 0;
      points.push([u, Math.round((period.energyWh * (u - period.start)) / (period.end - period.start))]);
    }
    for (const wh of t.energiesWh) {
      if (wh > consumed && wh < consumed + period.energyWh) {
        const share = (wh - consumed) / period.energyWh;
        points.push([period.start + Math.round(share * (period.end - period.start)), wh - consumed]);
      }
    }
    if (points.length > 1) points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    points.push([period.end, period.energyWh]);
    let at = period.start;
    let offset = 0;
    for (const [u, rawOffset] of points) {
      const reached = Math.max(offset, Math.min(rawOffset, period.energyWh));
      if (u > at || reached > offset) {
        segments.push(segment(timeline.start, period, at, u - at, reached - offset, consumed + offset, clock));
      }
      at = u;
      offset = reached;
    }
    consumed += period.energyWh;
  }
  return segments;
}

/** Whether a cut or a kWh threshold falls inside the period (the common case is: neither). */
function splits(period: Period, consumed: number, nextCut: number | undefined, energies: readonly number[]): boolean {
  if (nextCut !== undefined && nextCut < period.end) return true;
  for (const wh of energies) if (wh > consumed && wh < consumed + period.energyWh) return true;
  return false;
}

function segment(
  sessionStart: number,
  period: Period,
  at: number,
  durationMs: number,
  energyWh: number,
  consumedWh: number,
  clock: ZoneClock,
): Segment {
  const wall = clock.wall(at);
  const day = dayIndex(wall);
  return {
    start: at,
    durationMs,
    segmentWh: energyWh,
    charging: period.charging,
    minute: minuteOfDay(wall),
    day,
    weekday: weekdayOfDay(day),
    energyWh: consumedWh,
    elapsedMs: at - sessionStart,
    powerW: period.powerW,
    currentA: period.currentA,
  };
}
