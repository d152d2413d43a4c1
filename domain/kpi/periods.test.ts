import { describe, expect, it } from 'vitest';
import { dayBuckets, hourBuckets } from './periods';

describe('dayBuckets', () => {
  it('has one bucket per local day, back to back, starting at local midnight', () => {
    const days = dayBuckets('Europe/Paris', 2025, 2);
    expect(days).toHaveLength(28);
    expect(new Date(days[0]?.start ?? 0).toISOString()).toBe('2025-01-31T23:00:00.000Z');
    expect(new Date(days.at(-1)?.end ?? 0).toISOString()).toBe('2025-02-28T23:00:00.000Z');
    for (let i = 1; i < days.length; i++) expect(days[i]?.start).toBe(days[i - 1]?.end);
  });

  it('counts a leap February and the 23-hour day of the spring change', () => {
    expect(dayBuckets('Europe/Paris', 2024, 2)).toHaveLength(29);
    const march = dayBuckets('Europe/Paris', 2025, 3);
    const change = march[29];
    expect(change && change.end - change.start).toBe(23 * 3_600_000);
  });
});

describe('hourBuckets', () => {
  it('has 24 hours on an ordinary day, 23 on the spring change and 25 on the autumn one', () => {
    expect(hourBuckets('Europe/Paris', 2025, 6, 15)).toHaveLength(24);
    expect(hourBuckets('Europe/Paris', 2025, 3, 30)).toHaveLength(23);
    expect(hourBuckets('Europe/Paris', 2025, 10, 26)).toHaveLength(25);
  });

  it('refuses a date that does not exist', () => {
    expect(hourBuckets('Europe/Paris', 2025, 2, 29)).toBeNull();
    expect(hourBuckets('Europe/Paris', 2025, 4, 31)).toBeNull();
  });
});
