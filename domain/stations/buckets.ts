/** @module Status buckets: the groups of connector statuses the screens count and colour by (STATUS_BUCKET). */
import { type ConnectorStatus, STATUS_BUCKET } from './statuses';

/** Every bucket once, in the order of the first status that falls in it. */
export const STATUS_BUCKETS = [...new Set(Object.values(STATUS_BUCKET))] as [string, ...string[]];

/** Connector counts by status, summed per bucket (every bucket present, zero when empty), and their total. */
export function bucketTotals(counts: ReadonlyMap<ConnectorStatus, number>): {
  totals: Record<string, number>;
  total: number;
} {
  const totals: Record<string, number> = Object.fromEntries(STATUS_BUCKETS.map((b) => [b, 0]));
  let total = 0;
  for (const [status, n] of counts) {
    const bucket = STATUS_BUCKET[status];
    totals[bucket] = (totals[bucket] ?? 0) + n;
    total += n;
  }
  return { totals, total };
}
