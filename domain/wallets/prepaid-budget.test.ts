import { describe, expect, it } from 'vitest';
import { anElement, aTariff, energy } from '../../tests/support/pricing-builders';
import { limitStopDue, refreshedBudget, stoppedBudget } from '../charging-authorization/limit-stop';
import { type EnergyBudget, limitStopReason, type MoneyBudget } from '../charging-authorization/limits';
import { prepaidBudget, withPrepaid } from './prepaid-budget';

/** 0.40 EUR/kWh + 20 % VAT: 0.48 EUR/kWh to the driver. */
const pricing = {
  tariff: aTariff({ id: 'E', elements: [anElement([energy('0.40', { vat: 20 })])] }),
  timeZone: 'Europe/Paris',
};
const standing = { walletId: 1, currency: 'EUR', balanceMinor: 500, committedMinor: 20 };
const prepaid = prepaidBudget(standing, pricing) as MoneyBudget;
const kwh: EnergyBudget = { unit: 'kwh', wh: 20_000, limit: 'daily', limitKwh: 20, usedWh: 0 };
const tx = { meterStartWh: 0, startedAt: Date.parse('2026-11-18T10:00:00Z') };
const at = (min: number, wh: number) => ({ at: tx.startedAt + min * 60_000, wh });

describe('prepaid budget', () => {
  it('is the balance minus what is committed, under the tariff that prices the session', () => {
    expect(prepaid).toMatchObject({
      unit: 'currency',
      limit: 'prepaid',
      leftMinor: 480,
      limitMinor: 500,
      usedMinor: 20,
    });
    expect(prepaidBudget(standing, null)).toBeNull();
  });

  it('keeps the tighter of a currency limit and the wallet; a kWh limit carries the wallet in `also`', () => {
    const limit: MoneyBudget = { ...prepaid, limit: 'monthly', leftMinor: 300 };
    expect(withPrepaid(limit, prepaid)).toBe(limit);
    expect(withPrepaid({ ...limit, leftMinor: 900 }, prepaid)).toBe(prepaid);
    expect(withPrepaid(kwh, prepaid)).toEqual({ ...kwh, also: prepaid });
    expect(withPrepaid(null, prepaid)).toBe(prepaid);
    expect(withPrepaid(kwh, null)).toBe(kwh);
  });

  it('stops when the price so far reaches the balance left, also under a kWh limit', () => {
    // 480 minor units at 0.48/kWh: 10 kWh.
    expect(limitStopDue(prepaid, tx, at(30, 9_900))).toBeNull();
    expect(limitStopDue(prepaid, tx, at(30, 10_000))).toMatchObject({ spentMinor: 480, reached: prepaid });
    const both = withPrepaid(kwh, prepaid) as EnergyBudget;
    expect(limitStopDue(both, tx, at(30, 10_000))).toMatchObject({ spentMinor: 480, reached: prepaid });
    expect(stoppedBudget(both, tx, at(30, 10_000))).toBe(prepaid);
  });

  it('a refresh rebases the wallet inside a kWh budget and keeps the start tariff', () => {
    const both = withPrepaid(kwh, prepaid) as EnergyBudget;
    const other = { ...pricing.tariff, id: 'OTHER' };
    const fresh = withPrepaid(kwh, { ...prepaid, leftMinor: 200, tariff: other });
    const next = refreshedBudget(both, fresh, tx, at(5, 2_000), new Date(tx.startedAt + 5 * 60_000)) as EnergyBudget;
    expect(next.also).toMatchObject({ leftMinor: 200, baseWh: 2_000, baseMinor: 96 });
    expect(next.also?.tariff.id).toBe('E');
  });

  it('the stop reason says it was the prepaid balance', () => {
    expect(limitStopReason(prepaid, 10_000, 480)).toBe(
      'Stopped by the back office: the prepaid balance is used up (5.00 EUR balance, 0.20 EUR committed by ' +
        'sessions in progress before this session; 4.80 EUR and 10 kWh in this session).',
    );
  });
});
