/**
 * @module A site's grid-connection limit (ADR 059): ampere per phase or kW, an optional daily
 * schedule of periods in the site's time zone, the per-connector minimums and the priorities of
 * customer groups. Everything is turned into ampere per phase, the unit of the profiles sent.
 */
import { DAY_MS, minuteOfDay, zoneClock } from '@domain/time/zone-clock';
import { DEFAULT_MIN_CURRENT_A } from './allocation';

export type LimitUnit = 'A' | 'kW';

export interface SchedulePeriod {
  /** Local start "HH:MM"; the period lasts until the next one's start (the last one until midnight). */
  from: string;
  limit: number;
}

export interface SiteLoadConfig {
  unit: LimitUnit;
  /** The limit outside every period, in `unit`. */
  limit: number;
  phases: 1 | 3;
  /** Phase-to-neutral voltage used to turn kW into ampere. */
  voltage: number;
  schedule: SchedulePeriod[];
  /** Below this a session is paused rather than given less (per connector unless overridden). */
  minCurrentA: number;
  /** Connector uid → its own minimum. */
  connectorMinimums: Record<string, number>;
  /** Customer group id → priority (weight of its share, 1 = normal). */
  groupPriorities: Record<string, number>;
}

export const DEFAULT_LOAD_CONFIG: Omit<SiteLoadConfig, 'unit' | 'limit'> = {
  phases: 3,
  voltage: 230,
  schedule: [],
  minCurrentA: DEFAULT_MIN_CURRENT_A,
  connectorMinimums: {},
  groupPriorities: {},
};

/** "HH:MM" → minute of the day, or null. */
export function minuteOf(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** `value` of `unit` as ampere per phase. */
export function toAmps(config: Pick<SiteLoadConfig, 'unit' | 'phases' | 'voltage'>, value: number): number {
  return config.unit === 'A' ? value : (value * 1000) / (config.voltage * config.phases);
}

/** The schedule's periods sorted by start. */
function periods(schedule: readonly SchedulePeriod[]) {
  return schedule.map((p) => ({ minute: minuteOf(p.from) ?? 0, limit: p.limit })).sort((a, b) => a.minute - b.minute);
}

/** The limit in force at `at` (epoch ms), in ampere per phase. */
export function limitAmpsAt(config: SiteLoadConfig, timeZone: string, at: number): number {
  const minute = minuteOfDay(at + zoneClock(timeZone).offsetAt(at));
  let value = config.limit;
  for (const p of periods(config.schedule)) if (p.minute <= minute) value = p.limit;
  return toAmps(config, value);
}

/** The next instant after `at` at which the scheduled limit may change, or null without a schedule. */
export function nextChangeAfter(config: SiteLoadConfig, timeZone: string, at: number): number | null {
  const list = periods(config.schedule);
  if (list.length === 0) return null;
  const offset = zoneClock(timeZone).offsetAt(at);
  const wall = at + offset;
  const minute = minuteOfDay(wall);
  const dayStart = wall - minute * 60_000 - (wall % 60_000);
  const next = list.find((p) => p.minute > minute);
  // After the last period the base limit comes back at midnight.
  const nextWall = next ? dayStart + next.minute * 60_000 : dayStart + DAY_MS;
  return nextWall - offset;
}

/** A connector's minimum at the site. */
export function minimumOf(config: SiteLoadConfig, connectorUid: string): number {
  return config.connectorMinimums[connectorUid] ?? config.minCurrentA;
}

/** The priority of a customer group at the site (1 when it names none). */
export function priorityOf(config: SiteLoadConfig, customerGroupId: number | null): number {
  return customerGroupId === null ? 1 : (config.groupPriorities[String(customerGroupId)] ?? 1);
}

/** Why a configuration cannot be kept, as field → message keys; empty when it is valid. */
export function loadConfigProblems(config: SiteLoadConfig): { field: string; rule: string }[] {
  const problems: { field: string; rule: string }[] = [];
  const seen = new Set<number>();
  config.schedule.forEach((p, i) => {
    const minute = minuteOf(p.from);
    if (minute === null) problems.push({ field: `schedule.${i}.from`, rule: 'time' });
    else if (seen.has(minute)) problems.push({ field: `schedule.${i}.from`, rule: 'duplicate' });
    else seen.add(minute);
  });
  const lowest = Math.min(config.limit, ...config.schedule.map((p) => p.limit));
  if (toAmps(config, lowest) < config.minCurrentA) problems.push({ field: 'limit', rule: 'belowMinimum' });
  return problems;
}

/** The name of a location's SiteLoad Durable Object (the ocpp worker's and the API's stubs agree on it). */
export const siteObjectName = (locationId: number) => `location:${locationId}`;
