import { describe, expect, it } from 'vitest';
import { type ReachContext, reachWarnings } from './reach';
import type { TariffCandidate } from './select';

const now = new Date('2026-06-01T12:00:00Z');
const t = (id: number, over: Partial<TariffCandidate> = {}): TariffCandidate => ({
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
  ...over,
});
const ctx = (over: Partial<ReachContext> = {}): ReachContext => ({
  now,
  others: [],
  stationCountries: ['FR'],
  customerGroup: null,
  mpsNamed: false,
  ...over,
});
const jan = new Date('2026-01-01T00:00:00Z');

describe('reachWarnings', () => {
  it('a tariff alone in its scope can apply', () => {
    expect(reachWarnings(t(1), ctx())).toEqual([]);
  });

  it('the new FR tariff at 0.35 without apply-from is shadowed by the older one with an apply-from', () => {
    const older = t(1, { validFrom: jan, applyFrom: jan });
    expect(reachWarnings(t(9), ctx({ others: [older] }))).toEqual([
      { code: 'shadowed', by: [1], criterion: 'apply_from' },
    ]);
    // With an apply-from later than the older one's, it takes over from that date.
    expect(reachWarnings(t(9, { applyFrom: new Date('2026-07-01T00:00:00Z') }), ctx({ others: [older] }))).toEqual([]);
  });

  it.each<{ name: string; other: TariffCandidate }>([
    { name: 'pending', other: t(1, { applyFrom: jan, status: 'pending' }) },
    { name: 'another company', other: t(1, { applyFrom: jan, companyId: 4 }) },
    { name: 'fewer countries', other: t(1, { applyFrom: jan, countries: ['BE'] }) },
    { name: 'a customer group', other: t(1, { applyFrom: jan, customerGroupId: 5 }) },
    { name: 'a payment type', other: t(1, { applyFrom: jan, paymentType: 'qr' }) },
    { name: 'an earlier apply-from', other: t(1, { applyFrom: jan }) },
    { name: 'validity ending next month', other: t(1, { applyFrom: jan, validTo: new Date('2026-07-01T00:00:00Z') }) },
    { name: 'another type', other: t(1, { applyFrom: jan, type: 'emp' }) },
  ])('is not shadowed by a tariff with $name', ({ name, other }) => {
    const subject = t(9, name === 'an earlier apply-from' ? { applyFrom: new Date('2026-02-01T00:00:00Z') } : {});
    expect(reachWarnings(subject, ctx({ others: [other] }))).toEqual([]);
  });

  it('is shadowed by two tariffs that together cover every start from now on', () => {
    const a = t(1, { applyFrom: jan, validTo: new Date('2026-09-01T00:00:00Z') });
    const b = t(2, { applyFrom: new Date('2026-09-01T00:00:00Z') });
    expect(reachWarnings(t(9, { applyFrom: new Date('2025-01-01T00:00:00Z') }), ctx({ others: [a, b] }))).toEqual([
      { code: 'shadowed', by: [1, 2], criterion: 'apply_from' },
    ]);
  });

  it('a same-everything tariff with a higher id shadows; an all-countries tariff covers a listed country', () => {
    expect(reachWarnings(t(1), ctx({ others: [t(2, { countries: [] })] }))).toEqual([
      { code: 'shadowed', by: [2], criterion: 'id' },
    ]);
  });

  it('an owner tariff is shadowed by a revenue tariff of the same company', () => {
    expect(reachWarnings(t(1, { type: 'owner' }), ctx({ others: [t(2, { type: 'revenue' })] }))).toEqual([
      { code: 'shadowed', by: [2], criterion: 'revenue_first' },
    ]);
  });

  it('validity in the past, or empty', () => {
    const until = new Date('2026-05-01T00:00:00Z');
    expect(reachWarnings(t(1, { validTo: until }), ctx())).toEqual([{ code: 'validity_over', until }]);
    expect(
      reachWarnings(
        t(1, { applyFrom: new Date('2026-08-01T00:00:00Z'), validTo: new Date('2026-07-01T00:00:00Z') }),
        ctx(),
      ),
    ).toEqual([{ code: 'validity_empty' }]);
  });

  it('a deleted or unknown customer group', () => {
    expect(
      reachWarnings(t(1, { customerGroupId: 5 }), ctx({ customerGroup: { id: 5, exists: true, deleted: true } })),
    ).toEqual([{ code: 'customer_group_deleted', groupId: 5 }]);
    expect(
      reachWarnings(t(1, { customerGroupId: 5 }), ctx({ customerGroup: { id: 5, exists: false, deleted: false } })),
    ).toEqual([{ code: 'customer_group_missing', groupId: 5 }]);
  });

  it('no station of the scope in the tariff countries (unless an MPS assignment names the country)', () => {
    expect(reachWarnings(t(1, { countries: ['DE'] }), ctx())).toEqual([
      { code: 'no_station_in_countries', countries: ['DE'], stationCountries: ['FR'] },
    ]);
    expect(reachWarnings(t(1, { countries: ['DE'] }), ctx({ mpsNamed: true }))).toEqual([]);
    expect(reachWarnings(t(1, { countries: ['DE'] }), ctx({ stationCountries: [] }))).toEqual([]);
  });
});
