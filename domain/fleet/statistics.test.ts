import { describe, expect, it } from 'vitest';
import { co2Buckets, spendBuckets, statsBuckets, statsWindow } from './statistics';

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

describe("a fleet user's spend and CO2 avoided (spec 7.8, issue 21 part 8)", () => {
  const q = { type: 'month', year: 2026, timeZone: 'Europe/Paris', fallbackCurrency: 'EUR' } as const;
  it('spend: the driver price per month and currency in the company clock, unpriced sessions count nothing', () => {
    const data = spendBuckets(
      [
        { start: new Date('2026-01-31T23:30:00Z'), emp: 1250, currency: 'EUR' },
        { start: new Date('2026-02-10T10:00:00Z'), emp: 750, currency: 'EUR' },
        { start: new Date('2026-02-11T10:00:00Z'), emp: null, currency: 'EUR' },
        { start: new Date('2026-03-01T10:00:00Z'), emp: 900, currency: 'CHF' },
      ],
      q,
    );
    expect(data).toHaveLength(24);
    expect(data.filter((p) => p.value !== 0)).toEqual([
      { period: '2026-03', value: 900, currency: 'CHF' },
      { period: '2026-02', value: 2000, currency: 'EUR' },
    ]);
  });

  it('spend without a priced session: the periods at zero in the company currency', () => {
    const data = spendBuckets([], { ...q, type: 'year' });
    expect(data).toEqual(
      ['2022', '2023', '2024', '2025', '2026'].map((period) => ({ period, value: 0, currency: 'EUR' })),
    );
  });

  it('CO2: the months folded into years, months outside the five years left out', () => {
    const kg = new Map([
      ['2021-12', 5],
      ['2025-01', 1.25],
      ['2025-12', 2.5],
      ['2026-06', 0.1234],
    ]);
    expect(co2Buckets(kg, { type: 'year', year: 2026, timeZone: 'UTC' })).toEqual([
      { period: '2022', value: 0 },
      { period: '2023', value: 0 },
      { period: '2024', value: 0 },
      { period: '2025', value: 3.75 },
      { period: '2026', value: 0.123 },
    ]);
  });
});
