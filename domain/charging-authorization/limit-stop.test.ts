import { describe, expect, it } from 'vitest';
import { limitStopDue, limitStopLog, refreshedBudget } from './limit-stop';
import type { EnergyBudget } from './limits';

const budget: EnergyBudget = { unit: 'kwh', wh: 5000, limit: 'daily', limitKwh: 20, usedWh: 15_000 };
const tx = { meterStartWh: 1000, startedAt: 0 };

describe('limitStopDue: whether a reading uses the budget up', () => {
  it('is null below the budget and names the energy used once it is reached', () => {
    expect(limitStopDue(budget, tx, { at: 1, wh: 5999 })).toBeNull();
    expect(limitStopDue(budget, tx, { at: 2, wh: 6000 })).toEqual({
      energyWh: 5000,
      spentMinor: null,
      reached: budget,
    });
  });
});

describe('refreshedBudget: the budget after a refresh', () => {
  const at = new Date('2026-03-02T10:00:00Z');
  it('counts the new budget from the reading, and keeps the old one (checked later) when none comes', () => {
    const fresh = { ...budget, wh: 3000 };
    const next = refreshedBudget(budget, fresh, tx, { at: 5, wh: 4000 }, at);
    expect(next).toMatchObject({ wh: 3000, baseWh: 4000 });
    expect(next.refreshAt).toBe(at.getTime() + 5 * 60_000);
    const kept = refreshedBudget(budget, null, tx, { at: 5, wh: 4000 }, at);
    expect(kept).toEqual({ ...budget, refreshAt: at.getTime() + 5 * 60_000 });
  });
});

describe('limitStopLog: what the customer-service log keeps', () => {
  const request = { transactionId: 9 };
  it('succeeds only on an Accepted reply and says why otherwise', () => {
    const ok = limitStopLog(budget, 5000, null, request, { status: 'accepted', reply: { status: 'Accepted' } });
    expect(ok).toMatchObject({ succeeded: true, error: null, detail: { request, energyWh: 5000 } });
    expect(ok.reason).toMatch(/daily/i);
    expect(
      limitStopLog(budget, 5000, null, request, { status: 'accepted', reply: { status: 'Rejected' } }),
    ).toMatchObject({
      succeeded: false,
      error: 'The charge point answered Rejected.',
    });
    expect(limitStopLog(budget, 5000, null, request, { status: 'offline' }).error).toBe('The charge point is offline.');
    expect(limitStopLog(budget, 5000, null, request, { status: 'timeout' }).error).toBe(
      'The charge point did not answer in time.',
    );
    expect(
      limitStopLog(budget, 5000, null, request, { status: 'rejected', code: 'NotSupported', description: 'no' }).error,
    ).toBe('NotSupported: no');
  });
});
