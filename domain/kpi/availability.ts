/**
 * @module Connector availability from the recorded status history (not sampled at read time).
 * A connector is in service unless it is to be installed or removed; while in service it is
 * available unless offline, faulted, unavailable, blocked, inoperative, out of order or unknown
 * (in use — preparing, charging, suspended, finishing, reserved — counts as available).
 * Time before a connector's first recorded status is not counted: there is nothing to know.
 */
import type { ConnectorStatus } from '../stations/statuses';

/** Not in service: no availability is owed (also the uptime rule's, ADR 054). */
export const NOT_IN_SERVICE: ReadonlySet<ConnectorStatus> = new Set(['to_be_installed', 'removed']);
/** In service but not able to charge (also the uptime rule's unavailable time, ADR 054). */
export const DOWN: ReadonlySet<ConnectorStatus> = new Set([
  'offline',
  'faulted',
  'unavailable',
  'blocked',
  'inoperative',
  'out_of_order',
  'unknown',
]);

export interface StatusChange {
  connectorId: number;
  status: ConnectorStatus;
  /** Epoch ms. */
  at: number;
}

export interface Bucket {
  start: number;
  end: number;
}

export interface BucketAvailability extends Bucket {
  /** Share of in-service time that was available, 0..1; null when nothing was in service or the bucket is in the future. */
  availability: number | null;
  inServiceMs: number;
  availableMs: number;
}

/**
 * @param initial each connector's last status before the first bucket starts
 * @param changes status changes inside the buckets' span, any order
 * @param now time after which nothing is known yet (clips the last buckets)
 */
export function availabilityByBucket(
  initial: ReadonlyMap<number, ConnectorStatus>,
  changes: readonly StatusChange[],
  buckets: readonly Bucket[],
  now: number,
): BucketAvailability[] {
  const totals = buckets.map((b) => ({ ...b, inServiceMs: 0, availableMs: 0 }));
  if (buckets.length === 0) return [];
  const spanStart = buckets[0]?.start ?? 0;
  const byConnector = new Map<number, StatusChange[]>();
  for (const change of changes) {
    const list = byConnector.get(change.connectorId) ?? [];
    list.push(change);
    byConnector.set(change.connectorId, list);
  }
  for (const id of initial.keys()) if (!byConnector.has(id)) byConnector.set(id, []);

  for (const [id, list] of byConnector) {
    list.sort((a, b) => a.at - b.at);
    const first = initial.get(id);
    const intervals: { status: ConnectorStatus; from: number; to: number }[] = [];
    let status = first ?? null;
    let from = spanStart;
    for (const change of list) {
      if (status !== null && change.at > from) intervals.push({ status, from, to: change.at });
      status = change.status;
      from = Math.max(from, change.at);
    }
    if (status !== null) intervals.push({ status, from, to: Number.POSITIVE_INFINITY });
    for (const interval of intervals) addInterval(totals, interval, now);
  }

  return totals.map((t) => ({
    ...t,
    availability: t.start >= now || t.inServiceMs === 0 ? null : t.availableMs / t.inServiceMs,
  }));
}

function addInterval(
  totals: { start: number; end: number; inServiceMs: number; availableMs: number }[],
  interval: { status: ConnectorStatus; from: number; to: number },
  now: number,
) {
  if (NOT_IN_SERVICE.has(interval.status)) return;
  for (const bucket of totals) {
    const from = Math.max(interval.from, bucket.start);
    const to = Math.min(interval.to, bucket.end, now);
    if (to <= from) continue;
    bucket.inServiceMs += to - from;
    if (!DOWN.has(interval.status)) bucket.availableMs += to - from;
  }
}

/** The whole span's figure: time-weighted, not an average of the buckets. */
export function overallAvailability(buckets: readonly BucketAvailability[]): number | null {
  const inService = buckets.reduce((sum, b) => sum + b.inServiceMs, 0);
  const available = buckets.reduce((sum, b) => sum + b.availableMs, 0);
  return inService === 0 ? null : available / inService;
}
