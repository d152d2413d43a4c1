import { describe, expect, it } from 'vitest';
import { anElement, aTariff, energy, flat, time } from '../../tests/support/pricing-builders';
import { moneyUsed, priceSoFar, referenceRate } from './currency';
import { type AuthorizationFacts, decide, type UserFacts } from './decide';
import { budgetUse, limitReached, limitStopReason, type MoneyBudget, moneyBudget } from './limits';

const AT = new Date('2026-11-18T10:00:00Z');
const TZ = 'Europe/Paris';
/** 0.40 EUR/kWh excl. VAT, 20 % VAT: 0.48 EUR/kWh to the driver. */
const perKwh = aTariff({ id: 'E', elements: [anElement([energy('0.40', { vat: 20 })])] });
const pricing = { tariff: perKwh, timeZone: TZ };

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
  limitUnit: 'currency',
  currencyLimits: { daily: null, weekly: null, monthly: 5000 },
  currency: 'EUR',
  ...o,
});
const usage = (month: number, monthWh = 0) => ({ dayWh: 0, weekWh: 0, monthWh, money: { day: 0, week: 0, month } });
const facts = (o: Partial<AuthorizationFacts> = {}): AuthorizationFacts => ({
  at: AT,
  card: { id: 7, status: 'active', expiresAt: null, userId: 3 },
  user: user(),
  station: { id: 5, type: 'public', companyId: 1, ownerCompanyId: null },
  family: [10],
  usage: usage(0),
  concurrent: false,
  pricing,
  ...o,
});

describe('referenceRate', () => {
  it('is the driver price per kWh of the reference session (10 kWh in one hour), fees included', () => {
    expect(referenceRate(perKwh, AT, TZ)).toBe(48);
    const withFees = aTariff({ elements: [anElement([flat('1.00'), energy('0.30'), time('2.00')])] });
    // (1.00 + 10 × 0.30 + 1 h × 2.00) / 10 kWh = 0.60 EUR/kWh
    expect(referenceRate(withFees, AT, TZ)).toBe(60);
  });
  it('is 0 without a tariff: a session nothing prices costs nothing', () => {
    expect(referenceRate(null, AT, TZ)).toBe(0);
  });
});

describe('moneyUsed', () => {
  it('adds priced sessions and the energy of unpriced ones at the rate, rounded up', () => {
    expect(moneyUsed(1000, 0, 48)).toBe(1000);
    expect(moneyUsed(1000, 2500, 48)).toBe(1120);
    expect(moneyUsed(0, 1, 48)).toBe(1);
  });
});

describe('currency limits at the charger', () => {
  it('refuses once the money of the period reaches the limit, with the amounts in the reason', () => {
    const d = decide(facts({ usage: usage(5000) }));
    expect(d.status).toBe('Blocked');
    expect(d.reason).toBe('The monthly limit of 50.00 EUR is reached (50.00 EUR used).');
  });
  it('accepts below the limit and hands over a money budget with the tariff', () => {
    const d = decide(facts({ usage: usage(4900) }));
    expect(d.status).toBe('Accepted');
    expect(d.budget).toMatchObject({
      unit: 'currency',
      leftMinor: 100,
      limit: 'monthly',
      limitMinor: 5000,
      usedMinor: 4900,
    });
  });
  it('ignores kWh limits for a company whose unit is the currency, and currency limits otherwise', () => {
    const kwhHeavy = usage(0, 999_000);
    expect(decide(facts({ user: user({ monthlyLimit: 10 }), usage: kwhHeavy })).status).toBe('Accepted');
    const kwhUser = user({ limitUnit: 'kwh', monthlyLimit: 10 });
    expect(decide(facts({ user: kwhUser, usage: usage(999_999) })).status).toBe('Accepted');
    expect(decide(facts({ user: kwhUser, usage: kwhHeavy })).status).toBe('Blocked');
  });
  it('gives no money budget when no tariff prices the session here (it costs nothing)', () => {
    expect(decide(facts({ pricing: null })).budget).toBeNull();
    expect(moneyBudget(user(), usage(0), null)).toBeNull();
  });
  it('takes the tightest limit', () => {
    const u = user({ currencyLimits: { daily: 1000, weekly: null, monthly: 5000 } });
    const b = moneyBudget(u, { dayWh: 0, weekWh: 0, monthWh: 0, money: { day: 900, week: 900, month: 1000 } }, pricing);
    expect(b).toMatchObject({ limit: 'daily', leftMinor: 100 });
  });
  it('refuses a remote start for a card-only user, not the card itself', () => {
    const u = user({ chargeOnlyWithRfid: true, currencyLimits: null });
    expect(decide(facts({ user: u })).status).toBe('Accepted');
    const remote = decide(facts({ user: u, remote: true }));
    expect(remote.status).toBe('Blocked');
    expect(remote.reason).toMatch(/only with their RFID card/);
  });
});

describe('currency limits during a session', () => {
  const started = AT.getTime();
  const budget: MoneyBudget = {
    unit: 'currency',
    leftMinor: 240,
    limit: 'monthly',
    limitMinor: 5000,
    usedMinor: 4760,
    currency: 'EUR',
    tariff: perKwh,
    timeZone: TZ,
  };
  it('prices the session so far with the tariff and stops when the money left is spent', () => {
    // 4.999 kWh at 0.48 = 2.40 (rounded) EUR; 5 kWh = 2.40 EUR exactly.
    expect(priceSoFar(perKwh, TZ, started, 1000, started + 600_000, 6000)).toBe(240);
    expect(limitReached(budget, 1000, { at: started + 600_000, wh: 5000 }, started)).toBe(false);
    expect(limitReached(budget, 1000, { at: started + 600_000, wh: 6000 }, started)).toBe(true);
  });
  it('counts time components as pricing will', () => {
    const byTime = { ...budget, tariff: aTariff({ elements: [anElement([time('2.40')])] }) };
    // One hour of charging (a trickle of energy, priced at nothing) at 2.40 EUR/h.
    expect(budgetUse(byTime, { meterStartWh: 0, startedAt: started }, { at: started + 3_600_000, wh: 50 })).toBe(240);
    expect(limitReached(byTime, 0, { at: started + 3_000_000, wh: 50 }, started)).toBe(false);
    expect(limitReached(byTime, 0, { at: started + 3_600_000, wh: 50 }, started)).toBe(true);
  });
  it('prices a session still inside the tariff’s grace time as it will be priced once past it', () => {
    // Free at close if it ends within 120 s, but 5 kWh in the first minute at 150 kW is not free yet.
    const graced = aTariff({ graceTimeS: 120, elements: [anElement([energy('0.48')])] });
    expect(priceSoFar(graced, TZ, started, 1000, started + 60_000, 6000)).toBe(240);
    expect(limitReached({ ...budget, tariff: graced }, 1000, { at: started + 60_000, wh: 6000 }, started)).toBe(true);
  });
  it('says which limit, in the currency', () => {
    expect(limitStopReason(budget, 5000, 241)).toBe(
      'Stopped by the back office: the monthly limit of 50.00 EUR is reached (47.60 EUR used before this session, 5 kWh, 2.41 EUR in it).',
    );
  });
});
