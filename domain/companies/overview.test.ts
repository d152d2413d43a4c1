import { describe, expect, it } from 'vitest';
import { isBrandNew, overviewMonths } from './overview';

describe('overviewMonths', () => {
  it('gives this month and the one before in Paris time, across a year end', () => {
    // 2026-01-10 12:00 UTC: January 2026 and December 2025 (CET, UTC+1).
    const { thisMonth, lastMonth } = overviewMonths(Date.UTC(2026, 0, 10, 12));
    expect(new Date(thisMonth.from).toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(new Date(thisMonth.to).toISOString()).toBe('2026-01-31T23:00:00.000Z');
    expect(new Date(lastMonth.from).toISOString()).toBe('2025-11-30T23:00:00.000Z');
    expect(lastMonth.to).toBe(thisMonth.from);
  });

  it('places the first hour of a month in Paris in that month, though UTC is still in the last one', () => {
    // 2026-06-30 22:30 UTC is 2026-07-01 00:30 in Paris (CEST, UTC+2).
    const { thisMonth, lastMonth } = overviewMonths(Date.UTC(2026, 5, 30, 22, 30));
    expect(new Date(thisMonth.from).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(new Date(lastMonth.from).toISOString()).toBe('2026-05-31T22:00:00.000Z');
  });
});

describe('isBrandNew', () => {
  const none = { stations: 0, users: 1, staff: 1, sessionsThisMonth: 0, sessionsLastMonth: 0 };
  it('is true with only the corporate admin and nothing else', () => expect(isBrandNew(none)).toBe(true));
  it('is false with a station, a driver or a session', () => {
    expect(isBrandNew({ ...none, stations: 1 })).toBe(false);
    expect(isBrandNew({ ...none, users: 2 })).toBe(false);
    expect(isBrandNew({ ...none, sessionsLastMonth: 3 })).toBe(false);
  });
});
