/**
 * @module Splits a session time line into segments at every instant a tariff restriction can change
 * its verdict: local clock times (and midnight, and DST transitions) of the restrictions, session
 * durations, and the moments the consumed energy crosses a kWh threshold. Energy inside a period is
 * spread linearly over its time, so cuts interpolate it (to whole Wh) and kWh cuts interpolate time.
 */
import type { SegmentFacts, Thresholds } from './restrictions';
import type { Period, SessionTimeline } from './types';
import { DAY_MS, dayIndex, minuteOfDay, weekdayOfDay, type ZoneClock } from './zone-clock';

export interface Segment {
  start: number;
  durationMs: number;
  energyWh: number;
  charging: boolean;
  facts: SegmentFacts;
}

/** Instants in (start, end) where time-of-day, date, weekday or duration restrictions may switch. */
export function timeCuts(timeline: SessionTimeline, t: Thresholds, clock: ZoneClock): number[] {
  const { start, end } = timeline;
  const cuts: number[] = [];
  const inside = (u: number) => {
    if (u > start && u < end) cuts.push(u);
  };
  if (t.minutes.length > 0 || t.midnight) {
    const lastDay = dayIndex(clock.wall(end));
    for (let day = dayIndex(clock.wall(start)); day <= lastDay; day++) {
      if (t.midnight) for (const u of clock.utcOf(day * DAY_MS)) inside(u);
      for (const m of t.minutes) for (const u of clock.utcOf(day * DAY_MS + m * 60_000)) inside(u);
    }
    for (const u of clock.transitionsBetween(start, end)) inside(u);
  }
  for (const d of t.durationsMs) inside(start + d);
  cuts.sort((a, b) => a - b);
  return cuts;
}

export function segmentsOf(timeline: SessionTimeline, t: Thresholds, clock: ZoneClock): Segment[] {
  const cuts = timeCuts(timeline, t, clock);
  const segments: Segment[] = [];
  let consumed = 0;
  let next = 0;
  for (const period of timeline.periods) {
    while (next < cuts.length && (cuts[next] ?? 0) <= period.start) next++;
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
    energyWh,
    charging: period.charging,
    facts: {
      minute: minuteOfDay(wall),
      day,
      weekday: weekdayOfDay(day),
      energyWh: consumedWh,
      elapsedMs: at - sessionStart,
      powerW: period.powerW,
      currentA: period.currentA,
    },
  };
}
