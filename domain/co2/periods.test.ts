import { describe, expect, it } from 'vitest';
import { lastTwelveMonths, reportMonths, resolvePeriod } from './periods';

describe('reportMonths', () => {
  it('cuts months at local midnight of the first (Paris: UTC+1 in winter, +2 in summer)', () => {
    const months = reportMonths('Europe/Paris', '2025-12', '2026-01');
    expect(months).toEqual([
      { month: '2025-12', year: 2025, start: Date.UTC(2025, 10, 30, 23), end: Date.UTC(2025, 11, 31, 23) },
      { month: '2026-01', year: 2026, start: Date.UTC(2025, 11, 31, 23), end: Date.UTC(2026, 0, 31, 23) },
    ]);
  });

  it('refuses a reversed or too long range', () => {
    expect(reportMonths('UTC', '2026-02', '2026-01')).toBeNull();
    expect(reportMonths('UTC', '2020-01', '2023-01')).toBeNull();
    expect(reportMonths('UTC', '2020-01', '2022-12')).toHaveLength(36);
  });
});

describe('lastTwelveMonths', () => {
  it('ends with the current local month', () => {
    expect(lastTwelveMonths('Europe/Paris', Date.UTC(2026, 11, 31, 23, 30))).toEqual({
      from: '2026-02',
      to: '2027-01',
    });
  });
});

describe('resolvePeriod', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  it.each([
    [undefined, undefined, '2025-12', '2026-11'],
    [undefined, '2026-03', '2025-04', '2026-03'],
    ['2026-09', undefined, '2026-09', '2026-11'],
  ])('from %s to %s: %s to %s', (from, to, first, last) => {
    const months = resolvePeriod('Europe/Paris', now, from, to);
    expect([months?.[0]?.month, months?.at(-1)?.month]).toEqual([first, last]);
  });

  it('refuses a start after the current month when no end is given', () => {
    expect(resolvePeriod('Europe/Paris', now, '2027-01')).toBeNull();
  });
});
