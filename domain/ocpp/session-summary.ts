/**
 * @module What a closed transaction's CDR says: energy, duration, charging time, parking time, a
 * downsampled power curve, and whether the data is consistent enough to bill without a human look.
 */
import type { CurvePoint } from './meter-values';

export interface SessionInput {
  startAt: number;
  endAt: number;
  meterStartWh: number;
  meterStopWh: number;
  /** Sorted by time; from the transaction's MeterValues and StopTransaction transactionData. */
  points: readonly CurvePoint[];
  /** The connector's StatusNotifications (OCPP status names), sorted; used when no meter values came. */
  statuses?: readonly StatusEvent[];
}

export interface StatusEvent {
  at: number;
  status: string;
}

export interface SessionSummary {
  energyWh: number | null;
  durationS: number | null;
  chargingMinutes: number | null;
  parkingS: number | null;
  /** When energy stopped flowing (the last increase of the register); null when unknown. */
  stopChargingAt: number | null;
  needsRevision: boolean;
  remarks: string[];
  /** [[epoch ms, W, Wh]], at most CURVE_POINTS entries. */
  curve: [number, number | null, number | null][];
}

export const CURVE_POINTS = 120;
/** Below this a connector is idle: the EV draws standby power only. */
const CHARGING_THRESHOLD_W = 50;

export function summarizeSession(input: SessionInput): SessionSummary {
  const remarks: string[] = [];
  const { startAt, endAt, meterStartWh, meterStopWh } = input;
  const points = input.points.filter((p) => p.at >= startAt && p.at <= endAt);
  const energy = meterStopWh - meterStartWh;
  const duration = Math.round((endAt - startAt) / 1000);
  if (energy < 0) remarks.push(`meterStop ${meterStopWh} Wh is below meterStart ${meterStartWh} Wh`);
  if (duration < 0) remarks.push('the stop timestamp is before the start timestamp');
  if (hasRegisterDrop(points, meterStartWh)) remarks.push('the energy register went backwards (meter reset?)');

  let charging: { chargingMs: number; lastFlow: number | null } | null = null;
  if (duration >= 0) {
    const fromStatus = points.length === 0 ? chargingFromStatuses(startAt, endAt, input.statuses ?? []) : null;
    charging = fromStatus ?? chargingTime(startAt, endAt, meterStartWh, points, energy);
  }
  const stopChargingAt = charging?.lastFlow ?? null;
  return {
    energyWh: energy >= 0 ? energy : null,
    durationS: duration >= 0 ? duration : null,
    chargingMinutes: charging ? Math.round(charging.chargingMs / 60_000) : null,
    parkingS: charging && stopChargingAt !== null ? Math.round((endAt - stopChargingAt) / 1000) : null,
    stopChargingAt,
    needsRevision: remarks.length > 0,
    remarks,
    curve: downsample(points, CURVE_POINTS).map((p) => [p.at, p.powerW, p.energyWh]),
  };
}

function hasRegisterDrop(points: readonly CurvePoint[], meterStartWh: number): boolean {
  let last = meterStartWh;
  for (const p of points) {
    if (p.energyWh === null) continue;
    if (p.energyWh < last) return true;
    last = p.energyWh;
  }
  return false;
}

/**
 * Time with energy flowing: an interval between two readings counts when the register rose (or,
 * without register readings, when the power was above the idle threshold). Without any reading, the
 * whole session counts when energy was delivered (nothing better is known) and parking is unknown
 * rather than invented.
 */
function chargingTime(
  startAt: number,
  endAt: number,
  meterStartWh: number,
  points: readonly CurvePoint[],
  energy: number,
): { chargingMs: number; lastFlow: number | null } {
  if (points.length === 0) return { chargingMs: energy > 0 ? endAt - startAt : 0, lastFlow: null };
  let chargingMs = 0;
  let lastFlow: number | null = null;
  let prev = { at: startAt, energyWh: meterStartWh as number | null, powerW: null as number | null };
  for (const p of points) {
    // The register is the evidence when both ends have one; power (an instant) only fills gaps.
    const flowed =
      p.energyWh !== null && prev.energyWh !== null
        ? p.energyWh > prev.energyWh
        : (p.powerW ?? 0) > CHARGING_THRESHOLD_W || (prev.powerW ?? 0) > CHARGING_THRESHOLD_W;
    if (flowed) {
      chargingMs += p.at - prev.at;
      lastFlow = p.at;
    }
    prev = { at: p.at, energyWh: p.energyWh ?? prev.energyWh, powerW: p.powerW };
  }
  // Energy reached the stop reading after the last sample: it flowed until the end.
  const sawRegister = points.some((p) => p.energyWh !== null);
  if (sawRegister && prev.energyWh !== null && meterStartWh + energy > prev.energyWh) {
    chargingMs += endAt - prev.at;
    lastFlow = endAt;
  }
  return { chargingMs, lastFlow: lastFlow ?? startAt };
}

/**
 * Time in the Charging status between start and end, for charge points that send no meter values.
 * Null when the connector never reported Charging in that window (then nothing is known).
 */
function chargingFromStatuses(
  startAt: number,
  endAt: number,
  statuses: readonly StatusEvent[],
): { chargingMs: number; lastFlow: number | null } | null {
  let current = [...statuses].reverse().find((e) => e.at <= startAt)?.status ?? null;
  let since = startAt;
  let chargingMs = 0;
  let lastFlow: number | null = null;
  const within = statuses.filter((e) => e.at > startAt && e.at <= endAt);
  for (const e of [...within, { at: endAt, status: null as string | null }]) {
    if (current === 'Charging') {
      chargingMs += e.at - since;
      lastFlow = e.at;
    }
    current = e.status;
    since = e.at;
  }
  return lastFlow === null ? null : { chargingMs, lastFlow };
}

/** Even picks over time, always keeping the first and last point. */
export function downsample<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const out: T[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) {
    const p = points[Math.round(i * step)];
    if (p !== undefined) out.push(p);
  }
  return out;
}
