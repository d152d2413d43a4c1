import { describe, expect, it } from 'vitest';
import { availabilityByBucket } from '../../domain/kpi/availability';
import { connectorHistory } from './demo-history';

const until = Date.UTC(2026, 10, 21, 12);

describe('demo status history', () => {
  it('is deterministic, ordered, and ends in the connector current status', () => {
    const a = connectorHistory(7, 'faulted', until);
    expect(connectorHistory(7, 'faulted', until)).toEqual(a);
    const times = a.map((r) => (r.at as Date).getTime());
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(a.at(-1)?.status).toBe('faulted');
  });

  it('gives a realistic availability: mostly up, not always', () => {
    const rows = connectorHistory(3, 'available', until).map((r) => ({
      connectorId: 3,
      status: r.status,
      at: (r.at as Date).getTime(),
    }));
    const [bucket] = availabilityByBucket(new Map(), rows, [{ start: until - 30 * 86_400_000, end: until }], until);
    expect(bucket?.availability).toBeGreaterThan(0.9);
    expect(bucket?.availability).toBeLessThan(1);
  });
});
