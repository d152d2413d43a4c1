import { describe, expect, it } from 'vitest';
import { availabilityByBucket, overallAvailability } from './availability';

const H = 3_600_000;
const day = (n: number) => ({ start: n * 24 * H, end: (n + 1) * 24 * H });

describe('availabilityByBucket', () => {
  it('weights each status by the time it lasted inside each bucket', () => {
    const result = availabilityByBucket(
      new Map([[1, 'available']]),
      [
        { connectorId: 1, status: 'faulted', at: 6 * H },
        { connectorId: 1, status: 'available', at: 12 * H },
      ],
      [day(0)],
      100 * H,
    );
    expect(result[0]?.availability).toBe(0.75);
  });

  it('counts in-use states as available and offline as down', () => {
    const result = availabilityByBucket(
      new Map([[1, 'charging']]),
      [{ connectorId: 1, status: 'offline', at: 18 * H }],
      [day(0)],
      100 * H,
    );
    expect(result[0]?.availability).toBe(0.75);
  });

  it('splits a status across buckets and keeps its effect in the next day', () => {
    const result = availabilityByBucket(
      new Map([[1, 'available']]),
      [{ connectorId: 1, status: 'faulted', at: 12 * H }],
      [day(0), day(1)],
      100 * H,
    );
    expect(result.map((b) => b.availability)).toEqual([0.5, 0]);
    expect(overallAvailability(result)).toBe(0.25);
  });

  it('leaves out time before the first known status and time not in service', () => {
    const result = availabilityByBucket(
      new Map([[2, 'removed']]),
      [
        { connectorId: 1, status: 'available', at: 12 * H },
        { connectorId: 2, status: 'available', at: 18 * H },
      ],
      [day(0)],
      100 * H,
    );
    expect(result[0]?.inServiceMs).toBe(18 * H);
    expect(result[0]?.availability).toBe(1);
  });

  it('clips at now and answers null for the future and for no data', () => {
    const result = availabilityByBucket(new Map([[1, 'faulted']]), [], [day(0), day(1)], 12 * H);
    expect(result[0]).toMatchObject({ availability: 0, inServiceMs: 12 * H });
    expect(result[1]?.availability).toBeNull();
    expect(availabilityByBucket(new Map(), [], [day(0)], 100 * H)[0]?.availability).toBeNull();
  });
});
