import { describe, expect, it } from 'vitest';
import { periodBounds } from '../billing/period';
import { computeMonth, localDate, priceEnergy, tariffOn } from './compute';

const PARIS = 'Europe/Paris';
const at = (iso: string) => Date.parse(iso);

describe('computeMonth: the worked example (one employee, two tariffs, DST)', () => {
  // October 2026 in Paris: CEST until Sunday 25 October 03:00, CET after. The tariff changes on the 16th.
  const tariffs = [
    { id: 1, pricePerKwh: 25_160, validFrom: '2026-01-01', validTo: '2026-10-15' },
    { id: 2, pricePerKwh: 27_400, validFrom: '2026-10-16', validTo: null },
  ];
  const sessions = [
    // 1 October 00:30 CEST is 30 September 22:30 UTC: October's, first tariff.
    { id: 10, startAt: at('2026-09-30T22:30:00Z'), energyWh: 12_000 },
    // 15 October 23:59 CEST (21:59 UTC): still the first tariff.
    { id: 11, startAt: at('2026-10-15T21:59:00Z'), energyWh: 8_500 },
    // 16 October 00:10 CEST (15 October 22:10 UTC in UTC): the second tariff.
    { id: 12, startAt: at('2026-10-15T22:10:00Z'), energyWh: 20_250 },
    // 25 October 02:30 CET, after the clocks went back (01:30 UTC).
    { id: 13, startAt: at('2026-10-25T01:30:00Z'), energyWh: 7_000 },
    // 31 October 23:30 CET (22:30 UTC): October's.
    { id: 14, startAt: at('2026-10-31T22:30:00Z'), energyWh: 3_000 },
    // 1 November 00:15 CET (31 October 23:15 UTC): November's, not counted.
    { id: 15, startAt: at('2026-10-31T23:15:00Z'), energyWh: 50_000 },
  ];

  it('prices each session at the tariff of its local date', () => {
    const r = computeMonth({ period: '2026-10', timeZone: PARIS, sessions, tariffs, kwhCostLimit: null });
    expect(r.sessions).toBe(5);
    expect(r.energyWh).toBe(50_750);
    expect(r.slices.map((s) => [s.tariffId, s.sessions, s.energyWh, s.amount])).toEqual([
      // 20.5 kWh × 0.25160 = 5.1578 → 5.16
      [1, 2, 20_500, 516],
      // 30.25 kWh × 0.27400 = 8.2885 → 8.29
      [2, 3, 30_250, 829],
    ]);
    expect(r.energyAmount).toBe(1_345);
    expect(r.value).toBe(1_345);
    expect(r.capped).toBe(false);
    expect(r.notes).toEqual([]);
  });

  it('caps the price per kWh by the company limit', () => {
    const r = computeMonth({ period: '2026-10', timeZone: PARIS, sessions, tariffs, kwhCostLimit: 26_000 });
    // Second slice at 0.26: 30.25 × 0.26 = 7.865 → 7.87
    expect(r.slices.map((s) => s.amount)).toEqual([516, 787]);
    expect(r.capped).toBe(true);
  });

  it('adds the declared extra expense only when allowed, up to the limit', () => {
    const base = { period: '2026-10', timeZone: PARIS, sessions, tariffs, kwhCostLimit: null, extraExpense: 4_000 };
    expect(computeMonth(base).value).toBe(1_345);
    expect(computeMonth({ ...base, extraExpenseEnabled: true, extraExpenseLimit: null }).value).toBe(5_345);
    expect(computeMonth({ ...base, extraExpenseEnabled: true, extraExpenseLimit: 2_500 }).extraExpense).toBe(2_500);
  });
});

describe('computeMonth: edges', () => {
  it('reports energy no tariff covers instead of guessing a price', () => {
    const r = computeMonth({
      period: '2026-03',
      timeZone: PARIS,
      sessions: [
        { id: 1, startAt: at('2026-03-02T10:00:00Z'), energyWh: 5_000 },
        { id: 2, startAt: at('2026-03-20T10:00:00Z'), energyWh: 6_000 },
      ],
      tariffs: [{ id: 3, pricePerKwh: 30_000, validFrom: '2026-03-10', validTo: null }],
      kwhCostLimit: null,
    });
    expect(r.energyAmount).toBe(180);
    expect(r.notes).toEqual([{ code: 'uncovered', sessions: 1, energyWh: 5_000, firstDate: '2026-03-02' }]);
  });

  it('prices an offline station from two approved meter readings at the month-end tariff', () => {
    const r = computeMonth({
      period: '2026-03',
      timeZone: PARIS,
      sessions: [],
      tariffs: [
        { id: 1, pricePerKwh: 20_000, validFrom: '2026-01-01', validTo: '2026-03-15' },
        { id: 2, pricePerKwh: 22_000, validFrom: '2026-03-16', validTo: null },
      ],
      kwhCostLimit: null,
      offline: [
        {
          homeStationId: 7,
          opening: { documentId: 1, meterWh: 1_000_000 },
          closing: { documentId: 2, meterWh: 1_150_500 },
        },
        { homeStationId: 8, opening: null, closing: { documentId: 3, meterWh: 10 } },
        { homeStationId: 9, opening: { documentId: 4, meterWh: 500 }, closing: { documentId: 5, meterWh: 100 } },
      ],
    });
    expect(r.slices).toMatchObject([{ tariffId: 2, source: 'meter', energyWh: 150_500, amount: 3_311 }]);
    expect(r.notes).toEqual([
      { code: 'meter_missing', homeStationId: 8 },
      { code: 'meter_went_back', homeStationId: 9, openingWh: 500, closingWh: 100 },
    ]);
  });

  it('counts a month with no sessions as zero', () => {
    const r = computeMonth({ period: '2026-02', timeZone: PARIS, sessions: [], tariffs: [], kwhCostLimit: null });
    expect(r).toMatchObject({ sessions: 0, energyWh: 0, value: 0, slices: [], notes: [] });
  });

  it('finds local dates and period bounds across both DST changes', () => {
    expect(localDate(at('2026-03-29T00:59:00Z'), PARIS)).toBe('2026-03-29');
    expect(localDate(at('2026-10-24T22:30:00Z'), PARIS)).toBe('2026-10-25');
    const { start, end } = periodBounds('2026-10', PARIS);
    expect(start.toISOString()).toBe('2026-09-30T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-10-31T23:00:00.000Z');
  });

  it('rounds each slice half away from zero and picks the latest-starting tariff', () => {
    expect(priceEnergy(1_000, 25_500)).toBe(26);
    expect(priceEnergy(1_000, 25_499)).toBe(25);
    expect(
      tariffOn(
        [
          { id: 1, pricePerKwh: 1, validFrom: '2026-01-01', validTo: null },
          { id: 2, pricePerKwh: 2, validFrom: '2026-02-01', validTo: null },
        ],
        '2026-03-01',
      )?.id,
    ).toBe(2);
  });
});
