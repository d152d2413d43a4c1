import { describe, expect, it } from 'vitest';
import { bucketTotals, STATUS_BUCKETS } from './buckets';
import { type ConnectorStatus, STATUS_BUCKET } from './statuses';

describe('status buckets', () => {
  it('names each bucket of STATUS_BUCKET once', () => {
    expect(new Set(STATUS_BUCKETS).size).toBe(STATUS_BUCKETS.length);
    expect([...STATUS_BUCKETS].sort()).toEqual([...new Set(Object.values(STATUS_BUCKET))].sort());
  });

  it('answers every bucket at zero when nothing is counted', () => {
    const { totals, total } = bucketTotals(new Map());
    expect(total).toBe(0);
    expect(Object.keys(totals)).toEqual(STATUS_BUCKETS);
    expect(Object.values(totals).every((n) => n === 0)).toBe(true);
  });

  it('sums statuses of one bucket together and totals every count', () => {
    const { totals, total } = bucketTotals(
      new Map<ConnectorStatus, number>([
        ['preparing', 2],
        ['charging', 3],
        ['suspended_ev', 0],
        ['available', 4],
        ['faulted', 1],
      ]),
    );
    expect(totals.charging).toBe(5);
    expect(totals.suspended).toBe(0);
    expect(totals.available).toBe(4);
    expect(totals.faulted).toBe(1);
    expect(total).toBe(10);
  });
});
