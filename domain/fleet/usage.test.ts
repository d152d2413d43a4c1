import { describe, expect, it } from 'vitest';
import { kwhLimitRatio, NEAR_LIMIT_RATIO, nearLimits, usageRows } from './usage';

const used = { dayWh: 5_000, weekWh: 40_000, monthWh: 120_400 };

describe('fleet limit usage (spec 7.8)', () => {
  it('kWh limits: used in kWh, ratio against the limit, null ratio without a limit', () => {
    expect(usageRows({ unit: 'kwh', daily: 10, weekly: null, monthly: 200 }, used)).toEqual([
      { period: 'daily', limit: 10, used: 5, unit: 'kwh', ratio: 0.5 },
      { period: 'weekly', limit: null, used: 40, unit: 'kwh', ratio: null },
      { period: 'monthly', limit: 200, used: 120.4, unit: 'kwh', ratio: 0.602 },
    ]);
  });

  it('currency limits: priced sessions in major units, energy not priced yet apart', () => {
    const money = {
      day: { minor: 250, unpricedWh: 1_500 },
      week: { minor: 1_000, unpricedWh: 0 },
      month: { minor: 0, unpricedWh: 0 },
    };
    expect(usageRows({ unit: 'currency', daily: 5, weekly: 20, monthly: null }, { ...used, money })).toEqual([
      { period: 'daily', limit: 5, used: 2.5, unit: 'currency', ratio: 0.5, unpriced_kwh: 1.5 },
      { period: 'weekly', limit: 20, used: 10, unit: 'currency', ratio: 0.5, unpriced_kwh: 0 },
      { period: 'monthly', limit: null, used: 0, unit: 'currency', ratio: null, unpriced_kwh: 0 },
    ]);
  });

  it.each([
    { limits: { daily: 10, weekly: null, monthly: null }, expected: 0.5 },
    { limits: { daily: 10, weekly: 40, monthly: null }, expected: 1 },
    { limits: { daily: null, weekly: null, monthly: 150 }, expected: 120.4 / 150 },
    { limits: { daily: null, weekly: null, monthly: null }, expected: 0 },
    { limits: { daily: 0, weekly: 0, monthly: 0 }, expected: 0 },
  ])('the largest share of a kWh limit: $limits → $expected', ({ limits, expected }) => {
    expect(kwhLimitRatio(limits, used)).toBeCloseTo(expected, 10);
  });

  it(`near from ${NEAR_LIMIT_RATIO * 100}% of a limit, the nearest first`, () => {
    const users = [
      { id: 1, ratio: 0.79 },
      { id: 2, ratio: 0.8 },
      { id: 3, ratio: 1.4 },
      { id: 4, ratio: 0.95 },
    ];
    expect(nearLimits(users).map((u) => u.id)).toEqual([3, 4, 2]);
  });
});
