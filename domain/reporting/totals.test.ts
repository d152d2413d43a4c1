import { describe, expect, it } from 'vitest';
import { foldTotals, type TotalsRow } from './totals';

const row = (month: string, currency: string, n: number): TotalsRow => ({
  month,
  currency,
  sessions: n,
  energyWh: n * 1000,
  emp: n * 100,
  empNet: n * 80,
  subcpo: n * 60,
  owner: n * 40,
});

describe('foldTotals', () => {
  it('sums per currency, never across, and keeps every month of the period', () => {
    const t = foldTotals(
      ['2026-01', '2026-02', '2026-03'],
      [row('2026-01', 'EUR', 2), row('2026-03', 'EUR', 1), row('2026-03', 'CHF', 3)],
    );
    expect(t.sessions).toBe(6);
    expect(t.energyWh).toBe(6000);
    expect(t.revenue).toEqual([
      { currency: 'CHF', emp: 300, empNet: 240, subcpo: 180, owner: 120 },
      { currency: 'EUR', emp: 300, empNet: 240, subcpo: 180, owner: 120 },
    ]);
    expect(t.months.map((m) => [m.month, m.sessions, m.revenue.length])).toEqual([
      ['2026-01', 2, 1],
      ['2026-02', 0, 0],
      ['2026-03', 4, 2],
    ]);
  });
});
