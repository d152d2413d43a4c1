import { describe, expect, it } from 'vitest';
import { TariffInputSchema, toEngineTariff } from './model';
import { chooseTariff, paymentTypeOf, type SessionFacts, type TariffCandidate } from './select';

const facts: SessionFacts = {
  start: new Date('2026-03-10T10:00:00Z'),
  companyChain: [3, 2, 1],
  country: 'FR',
  customerGroupId: 7,
  paymentType: 'business_pass',
};

let next = 1;
const t = (over: Partial<TariffCandidate> = {}): TariffCandidate => ({
  id: next++,
  type: 'emp',
  status: 'approved',
  companyId: 3,
  countries: [],
  customerGroupId: null,
  paymentType: null,
  validFrom: null,
  validTo: null,
  applyFrom: null,
  ...over,
});
const pick = (list: TariffCandidate[], s: Partial<SessionFacts> = {}) =>
  chooseTariff(list, 'emp', { ...facts, ...s }).tariff?.id ?? null;

describe('chooseTariff', () => {
  it.each([
    { name: 'pending tariffs never price', list: [t({ id: 100, status: 'pending' })], want: null },
    { name: 'another type is ignored', list: [t({ id: 101, type: 'cpo' })], want: null },
    { name: 'a company outside the chain is ignored', list: [t({ id: 102, companyId: 9 })], want: null },
    { name: 'an ancestor tariff applies', list: [t({ id: 103, companyId: 1 })], want: 103 },
    { name: 'the nearest company wins', list: [t({ id: 104, companyId: 1 }), t({ id: 105, companyId: 2 })], want: 105 },
    { name: 'another country is ignored', list: [t({ id: 106, countries: ['BE'] })], want: null },
    { name: 'a listed country applies', list: [t({ id: 107, countries: ['BE', 'FR'] })], want: 107 },
    { name: 'another customer group is ignored', list: [t({ id: 108, customerGroupId: 8 })], want: null },
    {
      name: 'the customer group beats the company',
      list: [t({ id: 109 }), t({ id: 110, companyId: 1, customerGroupId: 7 })],
      want: 110,
    },
    { name: 'another payment type is ignored', list: [t({ id: 111, paymentType: 'qr' })], want: null },
    {
      name: 'the payment type beats the company',
      list: [t({ id: 112 }), t({ id: 113, companyId: 1, paymentType: 'business_pass' })],
      want: 113,
    },
    { name: 'not yet valid', list: [t({ id: 114, validFrom: new Date('2026-03-10T10:00:01Z') })], want: null },
    { name: 'valid from is inclusive', list: [t({ id: 115, validFrom: new Date('2026-03-10T10:00:00Z') })], want: 115 },
    { name: 'valid to is exclusive', list: [t({ id: 116, validTo: new Date('2026-03-10T10:00:00Z') })], want: null },
    {
      name: 'applying after the start',
      list: [t({ id: 117, applyFrom: new Date('2026-03-11T00:00:00Z') })],
      want: null,
    },
    {
      name: 'the latest version in force at start wins',
      list: [
        t({ id: 118, applyFrom: new Date('2026-01-01T00:00:00Z') }),
        t({ id: 119, applyFrom: new Date('2026-03-01T00:00:00Z') }),
        t({ id: 120, applyFrom: new Date('2026-03-10T10:00:01Z') }),
      ],
      want: 119,
    },
    {
      name: 'a session spanning an apply-from keeps the version of its start',
      list: [t({ id: 121 }), t({ id: 122, applyFrom: new Date('2026-03-10T10:30:00Z') })],
      want: 121,
    },
  ])('$name', ({ list, want }) => {
    expect(pick(list)).toBe(want);
  });

  it('names why nothing applies', () => {
    expect(chooseTariff([], 'cpo', facts)).toEqual({
      tariff: null,
      reason: 'no approved cpo tariff in the company scope',
    });
    const r = chooseTariff([t({ type: 'cpo', countries: ['BE'] })], 'cpo', facts);
    expect(r.tariff).toBeNull();
    expect(r.tariff === null && r.reason).toContain('no cpo tariff applies');
  });

  it('country restrictions need a known station country', () => {
    expect(pick([t({ id: 130, countries: ['FR'] })], { country: null })).toBeNull();
    expect(pick([t({ id: 131 })], { country: null })).toBe(131);
  });
});

describe('chooseTariff: customer group, payment type and MPS tariffs, most specific first', () => {
  // An MPS tariff of the operator (company 3) for France names the chain of tariff 200.
  const mps = [{ companyId: 3, type: 'emp' as const, countryCode: 'FR', chainId: 200 }];
  const qr: Partial<SessionFacts> = { paymentType: 'qr', mps };
  it.each<{ name: string; list: TariffCandidate[]; s: Partial<SessionFacts>; want: number | null }>([
    {
      name: 'a session without customer group never takes a group tariff',
      list: [t({ id: 201, customerGroupId: 7 }), t({ id: 202, companyId: 1 })],
      s: { customerGroupId: null },
      want: 202,
    },
    {
      name: 'group and payment type beat group alone',
      list: [t({ id: 203, customerGroupId: 7 }), t({ id: 204, customerGroupId: 7, paymentType: 'business_pass' })],
      s: {},
      want: 204,
    },
    {
      name: 'the customer group outranks the payment type',
      list: [t({ id: 205, paymentType: 'business_pass' }), t({ id: 206, companyId: 1, customerGroupId: 7 })],
      s: {},
      want: 206,
    },
    {
      name: 'QR, business pass and ad hoc each take their own tariff (QR)',
      list: [
        t({ id: 207, paymentType: 'qr' }),
        t({ id: 208, paymentType: 'business_pass' }),
        t({ id: 209, paymentType: 'ad_hoc' }),
      ],
      s: { paymentType: 'qr' },
      want: 207,
    },
    {
      name: 'QR, business pass and ad hoc each take their own tariff (ad hoc)',
      list: [
        t({ id: 210, paymentType: 'qr' }),
        t({ id: 211, paymentType: 'business_pass' }),
        t({ id: 212, paymentType: 'ad_hoc' }),
      ],
      s: { paymentType: 'ad_hoc' },
      want: 212,
    },
    {
      name: 'an MPS tariff prices a QR session even outside the company scope',
      list: [t({ id: 200, companyId: 9 })],
      s: qr,
      want: 200,
    },
    {
      name: 'the MPS tariff beats a nearer scoped tariff for a QR session',
      list: [t({ id: 200, companyId: 1 }), t({ id: 213 })],
      s: qr,
      want: 200,
    },
    {
      name: 'a later version of the MPS chain is the one in force',
      list: [
        t({ id: 200, companyId: 1 }),
        t({ id: 214, companyId: 1, versionOf: 200, applyFrom: new Date('2026-03-01T00:00:00Z') }),
      ],
      s: qr,
      want: 214,
    },
    {
      name: 'the MPS tariff names its country itself (tariff countries ignored)',
      list: [t({ id: 200, companyId: 9, countries: ['BE'] })],
      s: qr,
      want: 200,
    },
    {
      name: 'an MPS tariff of another country does not apply',
      list: [t({ id: 200, companyId: 9 })],
      s: { ...qr, country: 'BE' },
      want: null,
    },
    {
      name: 'an MPS tariff does not price a business-pass session',
      list: [t({ id: 200, companyId: 9 }), t({ id: 215, companyId: 1 })],
      s: { mps },
      want: 215,
    },
    {
      name: 'an MPS assignment of a company outside the chain does not apply',
      list: [t({ id: 200, companyId: 9 })],
      s: { paymentType: 'qr', mps: [{ companyId: 9, type: 'emp' as const, countryCode: 'FR', chainId: 200 }] },
      want: null,
    },
    {
      name: 'an MPS assignment of another type does not apply',
      list: [t({ id: 200, companyId: 9 })],
      s: { paymentType: 'qr', mps: [{ companyId: 3, type: 'cpo' as const, countryCode: 'FR', chainId: 200 }] },
      want: null,
    },
    {
      name: 'a QR tariff of the customer group beats the MPS tariff',
      list: [t({ id: 200 }), t({ id: 216, companyId: 1, customerGroupId: 7, paymentType: 'qr' })],
      s: qr,
      want: 216,
    },
    {
      name: 'an explicit QR tariff beats the MPS tariff without payment type',
      list: [t({ id: 200 }), t({ id: 217, companyId: 1, paymentType: 'qr' })],
      s: qr,
      want: 217,
    },
    {
      name: 'the MPS tariff must still be valid at start',
      list: [t({ id: 200, companyId: 9, validTo: new Date('2026-03-01T00:00:00Z') }), t({ id: 218, companyId: 1 })],
      s: qr,
      want: 218,
    },
  ])('$name', ({ list, s, want }) => {
    expect(pick(list, s)).toBe(want);
  });
});

describe('paymentTypeOf', () => {
  it.each([
    [{ startMethod: 'QR', authId: 'X' }, 'qr'],
    [{ startMethod: 'RFID', authId: 'EP-123' }, 'ad_hoc'],
    [{ startMethod: 'POS', authId: '123' }, 'ad_hoc'],
    [{ startMethod: 'RFID', authId: 'ABC' }, 'business_pass'],
    [{ startMethod: 'Remote', authId: 'ABC' }, 'business_pass'],
  ] as const)('%o → %s', (s, want) => {
    expect(paymentTypeOf(s)).toBe(want);
  });
});

describe('TariffInputSchema and toEngineTariff', () => {
  const base = { name: 'T', elements: [{ price_components: [{ type: 'ENERGY', price: 2500, vat_bp: 2000 }] }] };

  it('fills defaults and converts to the engine model with apply-from as the version start', () => {
    const input = TariffInputSchema.parse({ ...base, max_price_excl_vat: 900, max_price_incl_vat: 1000 });
    expect(input).toMatchObject({ currency: 'EUR', vat_included: true, countries: [], grace_time_s: 0 });
    const engine = toEngineTariff({
      ...input,
      id: 5,
      graceTimeS: 60,
      freeParkingS: 0,
      minPriceExclVat: null,
      maxPriceExclVat: 900,
      maxPriceInclVat: 1000,
      vatIncluded: false,
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validTo: null,
      applyFrom: new Date('2026-02-01T00:00:00Z'),
    });
    expect(engine).toEqual({
      id: '5',
      currency: 'EUR',
      elements: [{ priceComponents: [{ type: 'ENERGY', price: 2500, vatBp: 2000, stepSize: 1 }] }],
      maxPrice: { exclVat: 900, inclVat: 1000 },
      validFrom: Date.parse('2026-02-01T00:00:00Z'),
      graceTimeS: 60,
      display: 'net',
    });
  });

  it.each([
    [{ ...base, name: '' }, 'name', 'tariffNameMissing'],
    [{ ...base, elements: [] }, 'elements', 'tariffElementsMissing'],
    [
      { ...base, valid_from: '2026-02-01T00:00:00Z', valid_to: '2026-01-01T00:00:00Z' },
      'valid_to',
      'tariffRangeInvalid',
    ],
    [{ ...base, max_price_incl_vat: 100 }, 'max_price_excl_vat', 'tariffMaxPriceExclMissing'],
    [{ ...base, countries: ['fr'] }, 'countries.0', 'tariffCountryInvalid'],
    [
      { ...base, elements: [{ ...base.elements[0], restrictions: { start_time: '22:00' } }] },
      'elements.0.restrictions.end_time',
      'tariffTimePair',
    ],
    [
      { ...base, elements: [{ price_components: [{ type: 'ENERGY', price: 2.5, vat_bp: 2000 }] }] },
      'elements.0.price_components.0.price',
      'tariffPriceInvalid',
    ],
  ])('refuses %o at %s', (input, field, message) => {
    const r = TariffInputSchema.safeParse(input);
    expect(r.success).toBe(false);
    const issue = r.error?.issues[0];
    expect({ field: issue?.path.join('.'), message: issue?.message }).toEqual({ field, message });
  });

  it('accepts a time window over midnight', () => {
    const r = TariffInputSchema.safeParse({
      ...base,
      elements: [{ ...base.elements[0], restrictions: { start_time: '22:00', end_time: '06:00' } }],
    });
    expect(r.success).toBe(true);
  });
});
