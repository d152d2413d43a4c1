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
  const inside = (s.samples ?? []).filter((m) => m.at >= s.start && m.at <= end);
  if (inside.length !== (s.samples?.length ?? 0)) anomalies.add(ANOMALIES.sampleOutside);
  inside.sort((a, b) => a.at - b.at);
  const last = inside[inside.length - 1];
  const points: MeterSample[] = [
    { at: s.start, energyWh: s.meterStartWh },
    ...inside,
    { at: end, energyWh: s.meterStopWh ?? last?.energyWh ?? s.meterStartWh, powerW: last?.powerW },
  ];
  const periods: Period[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as MeterSample;
    const b = points[i] as MeterSample;
    let energyWh = Math.round(b.energyWh) - Math.round(a.energyWh);
    const unknown = energyWh < 0;
    if (unknown) {
      anomalies.add(i === points.length - 1 && inside.length === 0 ? ANOMALIES.negativeEnergy : ANOMALIES.meterReset);
      energyWh = 0;
    }
    if (b.at === a.at && energyWh === 0) continue;
    pushSplit(periods, a, b, energyWh, unknown, s.stopChargingAt);
  }
  return {
    start: s.start,
    end,
    periods,
    ...(s.reservation ? { reservation: s.reservation } : {}),
    anomalies: [...anomalies],
  };
}

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
  const make = (start: number, end: number, wh: number): Period => {
    const charging = wh > 0 || (unknown && (stopAt === undefined || start < stopAt));
    const powerW = !charging ? 0 : end > start ? Math.round((wh * 3_600_000) / (end - start)) : (b.powerW ?? 0);
    return { start, end, energyWh: wh, powerW, ...(charging && currentA !== undefined ? { currentA } : {}), charging };
  };
  if (stopAt !== undefined && stopAt > a.at && stopAt < b.at) {
    out.push(make(a.at, stopAt, energyWh), make(stopAt, b.at, 0));
  } else {
    out.push(make(a.at, b.at, energyWh));
  }
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
