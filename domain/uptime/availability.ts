/**
 * @module Connector uptime as EU AFIR and the US NEVI rule ask it (ADR 054): per connector,
 * availability = (observed − unavailable not excluded) / (observed − excluded), where observed is the
 * period's in-service time since the connector's first known status, unavailable is time in a DOWN
 * status (faulted, unavailable, offline, unknown, …) or while its station is disconnected, and excluded
 * is time under an exclusion (scheduled maintenance entered in advance, outages outside the operator's
 * control). A connector with no known status in the period is unknown (null), never 100 %.
 */
import { DOWN, NOT_IN_SERVICE } from '../kpi/availability';
import type { ConnectorStatus } from '../stations/statuses';
import { type Interval, intersect, length, subtract, union } from './intervals';

/** The causes AFIR and NEVI let an operator leave out; anything else counts against uptime. */
export const EXCLUSION_REASONS = [
  'scheduled_maintenance',
  'grid_outage',
  'third_party_damage',
  'force_majeure',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** AFIR art. 5 / NEVI 23 CFR 680.116(b): at least 97 % per connector (port). */
export const UPTIME_TARGET = 0.97;

export interface ConnectorHistory {
  connectorId: number;
  /** The last status recorded before the period starts (carried in); null when none. */
  initial: ConnectorStatus | null;
  /** Changes inside the period, any order. */
  changes: readonly { status: ConnectorStatus; at: number }[];
  /** Excluded periods of the connector (its own and its station's), may overlap or cross the bounds. */
  exclusions: readonly Interval[];
  /** Its station disconnected since then and still (the history does not record disconnections). */
  offlineSince: number | null;
}

export interface ConnectorUptime {
  connectorId: number;
  /** In-service time with a known status inside the period. */
  observedMs: number;
  excludedMs: number;
  /** Unavailable time not excluded. */
  unavailableMs: number;
  /** 0..1; null when nothing counted (no history, not in service, or all excluded). */
  availability: number | null;
}

/** The status intervals of one connector clipped to [period.from, period.to). */
function statusIntervals(history: ConnectorHistory, period: Interval) {
  const changes = [...history.changes].sort((a, b) => a.at - b.at);
  const out: { status: ConnectorStatus; from: number; to: number }[] = [];
  let status = history.initial;
  let from = period.from;
  for (const change of changes) {
    const at = Math.min(Math.max(change.at, period.from), period.to);
    if (status !== null && at > from) out.push({ status, from, to: at });
    status = change.status;
    from = Math.max(from, at);
  }
  if (status !== null && period.to > from) out.push({ status, from, to: period.to });
  return out;
}

export function connectorUptime(history: ConnectorHistory, period: Interval): ConnectorUptime {
  const intervals = statusIntervals(history, period);
  const inService = union(intervals.filter((i) => !NOT_IN_SERVICE.has(i.status)));
  const offline = history.offlineSince === null ? [] : [{ from: history.offlineSince, to: period.to }];
  const down = intersect(union([...intervals.filter((i) => DOWN.has(i.status)), ...offline]), inService);
  const excluded = intersect(history.exclusions, inService);
  const observedMs = length(inService);
  const excludedMs = length(excluded);
  const unavailableMs = length(subtract(down, excluded));
  const counted = observedMs - excludedMs;
  return {
    connectorId: history.connectorId,
    observedMs,
    excludedMs,
    unavailableMs,
    availability: counted > 0 ? (counted - unavailableMs) / counted : null,
  };
}

export interface UptimeTotals {
  /** Time-weighted over the connectors with a figure; null when none has one. */
  availability: number | null;
  connectors: number;
  /** Connectors with a figure below `UPTIME_TARGET`. */
  underTarget: number;
  /** Connectors without a figure (no history in the period). */
  unknown: number;
  unavailableMs: number;
  excludedMs: number;
}

/**
 * A station's or the network's figure: the counted time of all its connectors together, so a station
 * of four connectors with one down all month is at 75 %, as the average of its ports would be when
 * all were observed the whole period.
 */
export function aggregateUptime(rows: readonly ConnectorUptime[]): UptimeTotals {
  let counted = 0;
  let unavailableMs = 0;
  let excludedMs = 0;
  for (const r of rows) {
    if (r.availability === null) continue;
    counted += r.observedMs - r.excludedMs;
    unavailableMs += r.unavailableMs;
    excludedMs += r.excludedMs;
  }
  return {
    availability: counted > 0 ? (counted - unavailableMs) / counted : null,
    connectors: rows.length,
    underTarget: rows.filter((r) => isUnderTarget(r.availability)).length,
    unknown: rows.filter((r) => r.availability === null).length,
    unavailableMs,
    excludedMs,
  };
}

export const isUnderTarget = (availability: number | null) => availability !== null && availability < UPTIME_TARGET;

/** Connectors under target first (worst first), then the others by figure, unknown last. */
export function byConcern<T extends { availability: number | null; connectorId: number }>(rows: readonly T[]): T[] {
  const rank = (a: number | null) => (a === null ? 2 : 0);
  return [...rows].sort(
    (a, b) =>
      rank(a.availability) - rank(b.availability) ||
      (a.availability ?? 0) - (b.availability ?? 0) ||
      a.connectorId - b.connectorId,
  );
}
