/**
 * @module Builds the session time line the engine prices from what a charge point reported: start,
 * end, meter start/stop and the sampled meter values. Inconsistent data (end before start, negative
 * energy, a meter reset, samples outside the session) is priced as far as it is sound and named in
 * `anomalies`, which the engine turns into the CDR's needs-revision flag.
 */
import type { Period, Reservation, SessionTimeline } from './types';

export interface MeterSample {
  at: number;
  /** Cumulative register, Wh. */
  energyWh: number;
  powerW?: number;
  currentA?: number;
}

export interface MeterSession {
  start: number;
  end: number;
  meterStartWh: number;
  meterStopWh?: number;
  samples?: readonly MeterSample[];
  /** When charging stopped while the vehicle stayed connected (cdr_stop_charging_date), if known. */
  stopChargingAt?: number;
  reservation?: Reservation;
}

export const ANOMALIES = {
  endBeforeStart: 'end before start',
  negativeEnergy: 'negative energy (meter stop below meter start)',
  meterReset: 'meter reset during the session',
  sampleOutside: 'meter values outside the session',
  periodsUnsound: 'periods overlapping, out of order or outside the session',
} as const;

export function timelineFromMeterValues(s: MeterSession): SessionTimeline {
  const anomalies = new Set<string>();
  let end = s.end;
  if (end < s.start) {
    anomalies.add(ANOMALIES.endBeforeStart);
    end = s.start;
  }
  const inside = samplesWithin(s.samples ?? [], s.start, end);
  if (inside.length !== (s.samples?.length ?? 0)) anomalies.add(ANOMALIES.sampleOutside);
  const last = inside[inside.length - 1];
  const stop: MeterSample = {
    at: end,
    energyWh: s.meterStopWh ?? last?.energyWh ?? s.meterStartWh,
    powerW: last?.powerW,
  };
  // Hot at close (a 60 s curve has up to 120 points, priced for three perspectives): one pass, no
  // intermediate arrays and no closures (the Workers bundle keeps names, so each closure costs a call).
  const periods: Period[] = [];
  let a: MeterSample = { at: s.start, energyWh: s.meterStartWh };
  for (let i = 0; i <= inside.length; i++) {
    const b = i < inside.length ? (inside[i] as MeterSample) : stop;
    let energyWh = Math.round(b.energyWh) - Math.round(a.energyWh);
    const unknown = energyWh < 0;
    if (unknown) {
      anomalies.add(i === inside.length && inside.length === 0 ? ANOMALIES.negativeEnergy : ANOMALIES.meterReset);
      energyWh = 0;
    }
    if (!(b.at === a.at && energyWh === 0)) pushSplit(periods, a, b, energyWh, unknown, s.stopChargingAt);
    a = b;
  }
  const timeline: SessionTimeline = { start: s.start, end, periods, anomalies: [...anomalies] };
  if (s.reservation) timeline.reservation = s.reservation;
  return timeline;
}

/** The samples inside [start, end], in time order; the input array itself when it already is (the usual case). */
function samplesWithin(samples: readonly MeterSample[], start: number, end: number): readonly MeterSample[] {
  let ordered = true;
  let previous = -Infinity;
  for (const m of samples) {
    if (m.at < start || m.at > end) return samples.filter((x) => x.at >= start && x.at <= end).sort(byTime);
    if (m.at < previous) ordered = false;
    previous = m.at;
  }
  return ordered ? samples : [...samples].sort(byTime);
}

const byTime = (a: MeterSample, b: MeterSample) => a.at - b.at;

/**
 * One interval between samples; split where charging stopped, all of its energy before the stop. An
 * interval whose energy is unknown counts as charging: parking is a penalty, not to be inferred from bad data.
 */
function pushSplit(
  out: Period[],
  a: MeterSample,
  b: MeterSample,
  energyWh: number,
  unknown: boolean,
  stopAt: number | undefined,
) {
  const currentA = b.currentA ?? a.currentA;
  if (stopAt !== undefined && stopAt > a.at && stopAt < b.at) {
    out.push(
      period(a.at, stopAt, energyWh, unknown, stopAt, b, currentA),
      period(stopAt, b.at, 0, unknown, stopAt, b, currentA),
    );
  } else {
    out.push(period(a.at, b.at, energyWh, unknown, stopAt, b, currentA));
  }
}

function period(
  start: number,
  end: number,
  wh: number,
  unknown: boolean,
  stopAt: number | undefined,
  b: MeterSample,
  currentA: number | undefined,
): Period {
  const charging = wh > 0 || (unknown && (stopAt === undefined || start < stopAt));
  const powerW = !charging ? 0 : end > start ? Math.round((wh * 3_600_000) / (end - start)) : (b.powerW ?? 0);
  const p: Period = { start, end, energyWh: wh, powerW, charging };
  if (charging && currentA !== undefined) p.currentA = currentA;
  return p;
}

/**
 * The time line as the engine can price it: periods ordered, not overlapping, inside the session, with
 * no negative energy. Anything else is dropped and named, so a hand-built time line is flagged too.
 */
export function soundTimeline(t: SessionTimeline): SessionTimeline {
  let previousEnd = t.start;
  let sound = true;
  for (const p of t.periods) {
    if (p.start < previousEnd || p.end < p.start || p.end > t.end || p.energyWh < 0) {
      sound = false;
      break;
    }
    previousEnd = p.end;
  }
  if (sound) return t;
  const periods: Period[] = [];
  previousEnd = t.start;
  for (const p of [...t.periods].sort((a, b) => a.start - b.start)) {
    if (p.start < previousEnd || p.end < p.start || p.end > t.end || p.energyWh < 0) continue;
    periods.push(p);
    previousEnd = p.end;
  }
  return { ...t, periods, anomalies: [...t.anomalies, ANOMALIES.periodsUnsound] };
}
