import { describe, expect, it } from 'vitest';
import { decide, type UserFacts } from './decide';
import { energyBudget, latestRegisterWh, limitReached, limitStopReason, rebase } from './limits';

const user = (o: Partial<UserFacts> = {}): UserFacts => ({
  id: 3,
  status: 'active',
  companyId: 10,
  canChargePublic: true,
  canChargeWork: true,
  canChargeHome: true,
  onlyPrivate: false,
  dailyLimit: null,
  weeklyLimit: null,
  monthlyLimit: null,
  limitUnit: 'kwh',
  currencyLimits: null,
  currency: 'EUR',
  ...o,
});
const noUsage = { dayWh: 0, weekWh: 0, monthWh: 0 };

describe('energyBudget', () => {
  it('is null for a user without limits (zero removes a limit)', () => {
    expect(energyBudget(user(), noUsage)).toBeNull();
    expect(energyBudget(user({ dailyLimit: 0, weeklyLimit: 0, monthlyLimit: 0 }), noUsage)).toBeNull();
  });

  it('is what the only limit leaves', () => {
    expect(energyBudget(user({ dailyLimit: 1 }), { dayWh: 300, weekWh: 5000, monthWh: 9000 })).toEqual({
      wh: 700,
      limit: 'daily',
      limitKwh: 1,
      usedWh: 300,
    });
  });

  it('takes the tightest limit, even when a longer period leaves less', () => {
    const u = user({ dailyLimit: 20, weeklyLimit: 50, monthlyLimit: 200 });
    expect(energyBudget(u, { dayWh: 2000, weekWh: 45_000, monthWh: 60_000 })).toMatchObject({
      wh: 5000,
      limit: 'weekly',
    });
    expect(energyBudget(u, { dayWh: 0, weekWh: 0, monthWh: 195_000 })).toMatchObject({ wh: 5000, limit: 'monthly' });
    expect(energyBudget(u, { dayWh: 19_000, weekWh: 19_000, monthWh: 19_000 })).toMatchObject({
      wh: 1000,
      limit: 'daily',
    });
  });

  it('never goes below zero', () => {
    expect(energyBudget(user({ monthlyLimit: 10 }), { dayWh: 0, weekWh: 0, monthWh: 12_000 })?.wh).toBe(0);
  });
});

describe('decide carries the budget on an accepted answer and a spent limit', () => {
  const base = {
    at: new Date('2026-11-18T10:00:00Z'),
    card: { id: 7, status: 'active' as const, expiresAt: null, userId: 3 },
    station: { id: 5, type: 'public' as const, companyId: 1, ownerCompanyId: null },
    family: [1, 10],
    concurrent: false,
  };
  it('accepted with a limit left', () => {
    const d = decide({ ...base, user: user({ dailyLimit: 1 }), usage: { dayWh: 400, weekWh: 400, monthWh: 400 } });
    expect(d).toMatchObject({ status: 'Accepted', budget: { wh: 600, limit: 'daily' } });
  });
  it('accepted without limits: null budget', () => {
    expect(decide({ ...base, user: user(), usage: noUsage }).budget).toBeNull();
  });
  it('refused by a spent limit: an empty budget, which stops a session that refreshes it', () => {
    const d = decide({ ...base, user: user({ dailyLimit: 1 }), usage: { dayWh: 1000, weekWh: 1000, monthWh: 1000 } });
    expect(d.status).toBe('Blocked');
    expect(d.budget).toMatchObject({ wh: 0, limit: 'daily' });
  });
  it('refused for another reason: no budget', () => {
    const d = decide({ ...base, user: user({ dailyLimit: 1, canChargePublic: false }), usage: noUsage });
    expect(d.status).toBe('Blocked');
    expect(d.budget).toBeUndefined();
  });
  it('is recomputed after five minutes, or at the next midnight of the company clock if sooner', () => {
    const d = decide({ ...base, user: user({ dailyLimit: 1 }), usage: noUsage });
    expect(d.budget?.refreshAt).toBe(base.at.getTime() + 5 * 60_000);
    const late = new Date('2026-11-18T22:58:00Z'); // 23:58 in Paris
    const e = decide({ ...base, at: late, user: user({ dailyLimit: 1 }), usage: noUsage });
    expect(e.budget?.refreshAt).toBe(Date.parse('2026-11-18T23:00:00Z'));
  });
});

describe('rebase: a budget recomputed during a session counts from the current reading', () => {
  it('kWh: the energy since the refresh against what is left', () => {
    const tx = { meterStartWh: 5000, startedAt: 0 };
    const b = rebase({ wh: 300, limit: 'daily', limitKwh: 1, usedWh: 700 }, tx, { at: 10, wh: 5600 }, 99);
    expect(b).toMatchObject({ wh: 300, baseWh: 5600, refreshAt: 99 });
    expect(limitReached(b, 5000, 5899)).toBe(false);
    expect(limitReached(b, 5000, 5900)).toBe(true);
    expect(limitStopReason(b, 900)).toBe(
      'Stopped by the back office: the daily limit of 1 kWh is reached (0.7 kWh used in the period at the last check, 0.9 kWh in this session in all).',
    );
  });
});

describe('limitReached', () => {
  const budget = { wh: 1000, limit: 'daily' as const, limitKwh: 1, usedWh: 0 };
  it('compares the energy since meterStart with the budget', () => {
    expect(limitReached(budget, 5000, 5999)).toBe(false);
    expect(limitReached(budget, 5000, 6000)).toBe(true);
    expect(limitReached(budget, 5000, 7500)).toBe(true);
  });
  it('cannot tell without a register reading', () => {
    expect(limitReached(budget, 5000, null)).toBe(false);
  });
  it('a spent budget stops at the first reading', () => {
    expect(limitReached({ ...budget, wh: 0 }, 5000, 5000)).toBe(true);
  });
});

describe('latestRegisterWh', () => {
  it('takes the newest point that has a register reading', () => {
    expect(
      latestRegisterWh([
        { at: 2, powerW: 7000, energyWh: 1500 },
        { at: 3, powerW: 7000, energyWh: null },
        { at: 1, powerW: null, energyWh: 900 },
      ]),
    ).toBe(1500);
    expect(latestRegisterWh([{ at: 1, powerW: 7000, energyWh: null }])).toBeNull();
    expect(latestRegisterWh([])).toBeNull();
  });
});

describe('limitStopReason', () => {
  it('names the limit and the figures', () => {
    expect(limitStopReason({ wh: 700, limit: 'daily', limitKwh: 1, usedWh: 300 }, 712)).toBe(
      'Stopped by the back office: the daily limit of 1 kWh is reached (0.3 kWh used before this session, 0.712 kWh in it).',
    );
  });
});
