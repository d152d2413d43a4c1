import { describe, expect, it } from 'vitest';
import { statsBuckets, statsWindow } from './statistics';

const at = (iso: string, wh: number | null = 1_000) => ({ start: new Date(iso), wh });

describe("a fleet user's statistics (spec 7.8)", () => {
  it('the window covers the periods in any time zone', () => {
    expect(statsWindow('month', 2026)).toEqual({
      from: new Date('2025-12-31T10:00:00Z'),
      to: new Date('2027-01-01T14:00:00Z'),
    });
    expect(statsWindow('year', 2026).from).toEqual(new Date('2021-12-31T10:00:00Z'));
  });

  it('months of the year in the company clock: a session at 23:30 UTC on 31 January is in February in Paris', () => {
    const sessions = [
      at('2026-01-31T23:30:00Z', 12_345),
      at('2026-01-15T10:00:00Z', 2_000),
      at('2025-12-31T23:30:00Z'),
    ];
    const q = { target: 'consumption', type: 'month', year: 2026, timeZone: 'Europe/Paris' } as const;
    const data = statsBuckets(sessions, q);
    expect(data).toHaveLength(12);
    expect(data.slice(0, 2)).toEqual([
      { period: '2026-01', value: 3 },
      { period: '2026-02', value: 12.345 },
    ]);
    expect(statsBuckets(sessions, { ...q, timeZone: 'UTC' }).slice(0, 2)).toEqual([
      { period: '2026-01', value: 14.345 },
      { period: '2026-02', value: 0 },
    ]);
  });

  it('sessions per year of the five years to the year; sessions outside are left out', () => {
    const sessions = [
      at('2022-06-01T00:00:00Z', null),
      at('2026-03-01T00:00:00Z'),
      at('2026-04-01T00:00:00Z'),
      at('2021-06-01T00:00:00Z'),
    ];
    expect(statsBuckets(sessions, { target: 'sessions', type: 'year', year: 2026, timeZone: 'UTC' })).toEqual([
      { period: '2022', value: 1 },
      { period: '2023', value: 0 },
      { period: '2024', value: 0 },
      { period: '2025', value: 0 },
      { period: '2026', value: 2 },
    ]);
  });
});
