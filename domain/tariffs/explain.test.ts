import { describe, expect, it } from 'vitest';
import { explainChoice, explainSessionPricing, type PricedCandidate } from './explain';
import { chooseTariff, type SessionFacts, type TariffCandidate } from './select';

const facts: SessionFacts = {
  start: new Date('2026-03-10T10:00:00Z'),
  companyChain: [3, 2, 1],
  country: 'FR',
  customerGroupId: 7,
  paymentType: 'business_pass',
};
const t = (id: number, over: Partial<PricedCandidate> = {}): PricedCandidate => ({
  id,
  type: 'cpo',
  status: 'approved',
  companyId: 3,
  countries: ['FR'],
  customerGroupId: null,
  paymentType: null,
  validFrom: null,
  validTo: null,
  applyFrom: null,
  approvedAt: new Date('2026-01-05T09:00:00Z'),
  ...over,
});

describe('explainChoice', () => {
  it('the new FR tariff without apply-from loses to the older one with a later apply-from, and says so', () => {
    const older = t(1, { applyFrom: new Date('2026-01-01T00:00:00Z') });
    const newer = t(9);
    const why = explainChoice([older, newer], 'cpo', facts);
    expect(why.chosen).toBe(1);
    expect(why.verdicts).toEqual([
      { tariffId: 1, type: 'cpo', outcome: 'chosen' },
      { tariffId: 9, type: 'cpo', outcome: 'outranked', by: 1, criterion: 'apply_from' },
    ]);
  });

  it.each<{ name: string; c: TariffCandidate; exclusion: string }>([
    { name: 'pending', c: t(20, { status: 'pending' }), exclusion: 'not_approved' },
    { name: 'another company', c: t(21, { companyId: 9 }), exclusion: 'out_of_scope' },
    { name: 'another country', c: t(22, { countries: ['DE'] }), exclusion: 'country' },
    { name: 'another customer group', c: t(23, { customerGroupId: 8 }), exclusion: 'customer_group' },
    { name: 'another payment type', c: t(24, { paymentType: 'qr' }), exclusion: 'payment_type' },
    { name: 'valid later', c: t(25, { validFrom: new Date('2026-04-01T00:00:00Z') }), exclusion: 'not_yet_valid' },
    { name: 'validity over', c: t(26, { validTo: new Date('2026-02-01T00:00:00Z') }), exclusion: 'expired' },
    { name: 'applies later', c: t(27, { applyFrom: new Date('2026-04-01T00:00:00Z') }), exclusion: 'not_yet_applied' },
  ])('names the exclusion: $name', ({ c, exclusion }) => {
    expect(explainChoice([c], 'cpo', facts).verdicts).toEqual([
      { tariffId: c.id, type: 'cpo', outcome: 'excluded', exclusion },
    ]);
  });

  it.each<{ name: string; list: TariffCandidate[]; criterion: string }>([
    { name: 'customer group', list: [t(30), t(31, { companyId: 1, customerGroupId: 7 })], criterion: 'customer_group' },
    {
      name: 'payment type',
      list: [t(32), t(33, { companyId: 1, paymentType: 'business_pass' })],
      criterion: 'payment_type',
    },
    { name: 'nearer company', list: [t(34, { companyId: 1 }), t(35, { companyId: 2 })], criterion: 'company' },
    { name: 'same everything, higher id', list: [t(36), t(37)], criterion: 'id' },
  ])('names the criterion the winner beat the others on: $name', ({ list, criterion }) => {
    const why = explainChoice(list, 'cpo', facts);
    expect(why.verdicts.find((v) => v.outcome === 'outranked')?.criterion).toBe(criterion);
  });

  it('always chooses what chooseTariff chooses', () => {
    const list = [
      t(40, { companyId: 1 }),
      t(41, { applyFrom: new Date('2026-02-01T00:00:00Z') }),
      t(42, { applyFrom: new Date('2026-03-01T00:00:00Z') }),
      t(43, { paymentType: 'qr' }),
      t(44, { customerGroupId: 7, companyId: 1 }),
      t(45, { countries: [] }),
    ];
    for (let n = 1; n <= list.length; n++) {
      const some = list.slice(0, n);
      expect(explainChoice(some, 'cpo', facts).chosen).toBe(chooseTariff(some, 'cpo', facts).tariff?.id ?? null);
    }
  });
});

describe('explainSessionPricing', () => {
  const base = { facts, operatorChain: [3, 2, 1], ownerChain: [] };
  it('names the tariff stored for each perspective and flags a later approval that would win today', () => {
    const older = t(1, { applyFrom: new Date('2026-01-01T00:00:00Z') });
    const newer = t(2, {
      applyFrom: new Date('2026-03-01T00:00:00Z'),
      approvedAt: new Date('2026-03-20T00:00:00Z'),
    });
    const emp = t(3, { type: 'emp' });
    const why = explainSessionPricing({
      ...base,
      candidates: [older, newer, emp],
      stored: { tariffIds: { emp: 3, subcpo: 1, owner: null }, pricedAt: new Date('2026-03-10T11:00:00Z') },
    });
    const sub = why.find((p) => p.perspective === 'subcpo');
    expect(sub).toMatchObject({ pricedWith: 1, wouldChoose: 2, stale: true });
    expect(sub?.verdicts.find((v) => v.tariffId === 2)).toMatchObject({
      outcome: 'chosen',
      approvedAfterPricing: true,
    });
    expect(sub?.verdicts.find((v) => v.tariffId === 1)).toMatchObject({
      outcome: 'outranked',
      by: 2,
      criterion: 'apply_from',
      approvedAfterPricing: false,
    });
    expect(why.find((p) => p.perspective === 'emp')).toMatchObject({ pricedWith: 3, wouldChoose: 3, stale: false });
    expect(why.find((p) => p.perspective === 'owner')).toMatchObject({
      pricedWith: null,
      wouldChoose: null,
      verdicts: [],
    });
  });

  it('owner: a revenue tariff comes before every owner tariff; without one the owner tariff prices', () => {
    const owner = t(10, { type: 'owner', companyId: 5 });
    const revenue = t(11, { type: 'revenue', companyId: 1 });
    const withRevenue = explainSessionPricing({ ...base, ownerChain: [5], candidates: [owner, revenue], stored: null });
    expect(withRevenue[2]).toMatchObject({ perspective: 'owner', wouldChoose: 11, stale: false });
    expect(withRevenue[2]?.verdicts).toContainEqual(
      expect.objectContaining({ tariffId: 10, outcome: 'outranked', by: 11, criterion: 'revenue_first' }),
    );
    const ownerOnly = explainSessionPricing({ ...base, ownerChain: [5], candidates: [owner], stored: null });
    expect(ownerOnly[2]?.wouldChoose).toBe(10);
  });
});
