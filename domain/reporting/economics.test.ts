import { describe, expect, it } from 'vitest';
import { economicsOf, economicsTotal } from './economics';

const base = { currency: 'EUR', unpriced: 0 };

describe('economicsOf', () => {
  it('cost = Wh × net cost / 1e6, margin = revenue − cost, margin % of revenue', () => {
    // 10 kWh at 0.2516 €/kWh (25,160 milli-cents) = 251.6 → 252 cents; revenue 500 → margin 248 = 49.6 %.
    const f = economicsOf({
      ...base,
      sessions: 2,
      energyWh: 10_000,
      revenue: 500,
      costedSessions: 2,
      costedRevenue: 500,
      costMicro: 10_000 * 25_160,
    });
    expect(f).toMatchObject({ cost: 252, margin: 248, marginPercent: 49.6 });
  });

  it('no cost and no margin when any session of the group has no net cost', () => {
    const f = economicsOf({
      ...base,
      sessions: 3,
      energyWh: 9000,
      revenue: 700,
      costedSessions: 2,
      costedRevenue: 500,
      costMicro: 6000 * 25_160,
    });
    expect(f).toMatchObject({ revenue: 700, cost: null, margin: null, marginPercent: null });
  });

  it('a margin without revenue has no percentage', () => {
    const f = economicsOf({
      ...base,
      sessions: 1,
      energyWh: 1000,
      revenue: null,
      unpriced: 1,
      costedSessions: 1,
      costedRevenue: 0,
      costMicro: 1000 * 30_000,
    });
    expect(f).toMatchObject({ cost: 30, margin: -30, marginPercent: null });
  });
});

describe('economicsTotal', () => {
  it('counts cost and margin over the costed sessions only and says how many are left out', () => {
    const t = economicsTotal({
      ...base,
      sessions: 3,
      energyWh: 9000,
      revenue: 700,
      costedSessions: 2,
      costedRevenue: 500,
      costMicro: 6000 * 25_000,
    });
    expect(t).toMatchObject({ revenue: 700, cost: 150, margin: 350, marginPercent: 70, sessionsWithoutCost: 1 });
  });
});
