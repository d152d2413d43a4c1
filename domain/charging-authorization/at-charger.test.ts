import { describe, expect, it } from 'vitest';
import { type ChargerFacts, decideAtCharger, emspTariffAt, needsStationTariff } from './at-charger';
import type { UserFacts } from './decide';

const at = new Date('2026-03-02T10:00:00Z');
const user: UserFacts = {
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
  currencyLimits: { daily: 1000, weekly: null, monthly: null },
  currency: 'EUR',
};
const facts = (o: Partial<ChargerFacts> = {}): ChargerFacts => ({
  at,
  remote: false,
  card: { id: 1, status: 'active', expiresAt: null, userId: 3 },
  user,
  station: { id: 5, type: 'public', companyId: 10, ownerCompanyId: null, timeZone: 'Europe/Paris' },
  family: [],
  usage: undefined,
  concurrent: false,
  ...o,
});

describe('needsStationTariff: only a usable card of a currency user reads the tariff', () => {
  it('asks for it for a currency user, not for a kWh user, a blocked card or an unknown station', () => {
    expect(needsStationTariff(facts())).toBe(true);
    expect(needsStationTariff(facts({ user: { ...user, limitUnit: 'kwh' } }))).toBe(false);
    expect(needsStationTariff(facts({ user: { ...user, currencyLimits: null } }))).toBe(false);
    expect(needsStationTariff(facts({ card: { id: 1, status: 'blocked', expiresAt: null, userId: 3 } }))).toBe(false);
    expect(needsStationTariff(facts({ station: null }))).toBe(false);
  });
});

describe('emspTariffAt: no chain, no tariff', () => {
  it('is null for an operator without a company chain and a refusal reason when nothing applies', () => {
    expect(emspTariffAt([], [], { country: 'FR' }, at, 'AB')).toBeNull();
    expect(emspTariffAt([], [10], { country: 'FR' }, at, 'AB')?.tariff).toBeNull();
  });
});

describe('decideAtCharger', () => {
  it('refuses a blocked card without reading usage, and accepts a currency user with room left', () => {
    const blocked = decideAtCharger(facts({ card: { id: 1, status: 'blocked', expiresAt: null, userId: 3 } }), null);
    expect(blocked.status).toBe('Blocked');
    const usage = {
      day_wh: 0,
      week_wh: 0,
      month_wh: 0,
      day_priced: 400,
      week_priced: 400,
      month_priced: 400,
      day_unpriced_wh: 0,
      week_unpriced_wh: 0,
      month_unpriced_wh: 0,
    };
    const ok = decideAtCharger(facts({ usage }), null);
    expect(ok.status).toBe('Accepted');
    const spent = decideAtCharger(facts({ usage: { ...usage, day_priced: 1000 } }), null);
    expect(spent.status).not.toBe('Accepted');
  });
});
