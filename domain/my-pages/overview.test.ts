import { describe, expect, it } from 'vitest';
import { localMonth, yearOverview } from './overview';

const at = (iso: string) => Date.parse(iso);

describe("a private user's year overview", () => {
  const sessions = [
    // 31 Dec 2025 23:30 UTC is already 1 Jan 2026 in Paris: counted in January 2026.
    { startAt: at('2025-12-31T23:30:00Z'), energyWh: 10_000, currency: 'EUR', empTotal: 450, priced: true },
    { startAt: at('2026-01-15T10:00:00Z'), energyWh: 20_000, currency: 'EUR', empTotal: 900, priced: true },
    { startAt: at('2026-03-02T10:00:00Z'), energyWh: 5_000, currency: 'CHF', empTotal: 300, priced: true },
    // Unpriced: energy and count, never a zero spend.
    { startAt: at('2026-03-09T10:00:00Z'), energyWh: 7_000, currency: 'EUR', empTotal: null, priced: false },
    // 31 Dec 2026 23:30 UTC is 2027 in Paris: not in 2026.
    { startAt: at('2026-12-31T23:30:00Z'), energyWh: 99_000, currency: 'EUR', empTotal: 9_999, priced: true },
  ];

  it('sums sessions, energy and spend per currency of the local year, month by month', () => {
    const o = yearOverview(sessions, 2026);
    expect(o.sessions).toBe(4);
    expect(o.energyWh).toBe(42_000);
    expect(o.averageEnergyWh).toBe(10_500);
    expect(o.unpricedSessions).toBe(1);
    expect(o.spend).toEqual([
      { currency: 'CHF', amount: 300, sessions: 1, average: 300 },
      { currency: 'EUR', amount: 1_350, sessions: 2, average: 675 },
    ]);
    expect(o.months[0]).toEqual({
      month: 1,
      sessions: 2,
      energyWh: 30_000,
      spend: [{ currency: 'EUR', amount: 1_350 }],
    });
    expect(o.months[2]).toEqual({ month: 3, sessions: 2, energyWh: 12_000, spend: [{ currency: 'CHF', amount: 300 }] });
    expect(o.months[11]?.sessions).toBe(0);
  });

  it('is all zeros for a year without sessions', () => {
    const o = yearOverview(sessions, 2024);
    expect([o.sessions, o.energyWh, o.averageEnergyWh, o.spend]).toEqual([0, 0, 0, []]);
    expect(o.months).toHaveLength(12);
  });

  it('reads the month in the zone', () => {
    expect(localMonth(at('2026-06-30T22:30:00Z'))).toEqual({ year: 2026, month: 7 });
    expect(localMonth(at('2026-06-30T22:30:00Z'), 'UTC')).toEqual({ year: 2026, month: 6 });
  });
});

describe('year bounds', () => {
  it('starts and ends at local midnight of 1 January', async () => {
    const { yearBounds } = await import('./overview');
    expect(yearBounds(2026)).toEqual({ from: new Date('2025-12-31T23:00:00Z'), to: new Date('2026-12-31T23:00:00Z') });
  });
});
