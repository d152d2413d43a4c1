import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aSession, charge, park, withReservation } from '../../tests/support/pricing-builders';
import { priceSession } from '../pricing/engine';
import { fromOcpiTariff, type OcpiTariff } from '../pricing/ocpi';
import type { PricingResult, SessionTimeline } from '../pricing/types';
import { toEngineTariff } from '../tariffs/model';
import { ocpiTariffOf, type StoredTariff, Tariff, tariffForPeering, tariffsForPeering } from './tariffs';

/** The specification's example messages, copied verbatim into the repository (tests/fixtures/ocpi-2.2.1). */
const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/ocpi-2.2.1/${name}`, import.meta.url), 'utf8'));

const TARIFF_EXAMPLES = [
  'tariff_1_simple_2hour.json',
  'tariff_2_alt_text.json',
  'tariff_3_alt_url.json',
  'tariff_4_complex.json',
  'tariff_5_free_of_charge.json',
  'tariff_6_025kwh_start_max_price.json',
  'tariff_7_first_hour_kwh_free.json',
  'tariff_8_simple_025kwh.json',
  'tariff_9_025kwh_start.json',
  'tariff_10_025kwh_parking_start.json',
  'tariff_11_not_possible_alt_text.json',
  'tariff_12_025kwh_min_price.json',
  'tariff_13_simple_3hour_5parking.json',
  'tariff_14_step_size.json',
  'tariff_15_reservation_5_euro_per_hour.json',
  'tariff_16_reservation_2_euro_fee_5_euro_per_hour.json',
  'tariff_17_reservation_with_expire_fee.json',
  'tariff_18_reservation_with_expire_time.json',
  'tariffrestriction_example_max_power.json',
  'tariffrestriction_example_max_duration.json',
];

describe('OCPI Tariff schema against the reference examples', () => {
  it.each(TARIFF_EXAMPLES)('%s parses as a Tariff, nothing dropped', (name) => {
    expect(Tariff.parse(example(name))).toEqual(example(name));
  });

  it('refuses the PUT example: it has no last_updated (required)', () => {
    const parsed = Tariff.safeParse(example('tariff_put_example.json'));
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['last_updated']);
  });

  it('refuses an unknown dimension, a negative price, a tariff without elements', () => {
    const good = example('tariff_9_025kwh_start.json') as Record<string, unknown>;
    expect(Tariff.safeParse({ ...good, elements: [] }).success).toBe(false);
    const bad = (component: object) => ({ ...good, elements: [{ price_components: [component] }] });
    expect(Tariff.safeParse(bad({ type: 'KWH', price: 1, step_size: 1 })).success).toBe(false);
    expect(Tariff.safeParse(bad({ type: 'ENERGY', price: -1, step_size: 1 })).success).toBe(false);
  });
});

function totals(result: PricingResult) {
  if (result.kind !== 'priced') throw new Error(`unpriced: ${result.reason}`);
  return { excl: result.totals.exclVat, incl: result.totals.inclVat };
}
const DAY = '2019-05-06T10:00:00+02:00';
const MONDAY = '2026-03-02T09:30:00+01:00';
const SATURDAY = '2026-03-07T13:30:00+01:00';

/** The worked examples of mod_tariffs.asciidoc, priced from the official JSON as our schema parsed it. */
describe('every tariff example, parsed by the schema, prices as the module’s worked examples say', () => {
  it.each<[string, SessionTimeline, number, number]>([
    ['tariff_8_simple_025kwh.json', aSession(DAY, charge({ minutes: 120, kwh: 20 })), 500, 550],
    ['tariff_9_025kwh_start.json', aSession(DAY, charge({ minutes: 120, kwh: 20 })), 550, 610],
    ['tariff_12_025kwh_min_price.json', aSession(DAY, charge({ minutes: 120, kwh: 20 })), 500, 550],
    ['tariff_12_025kwh_min_price.json', aSession(DAY, charge({ minutes: 10, kwh: 1 })), 50, 55],
    [
      'tariff_10_025kwh_parking_start.json',
      aSession(DAY, charge({ minutes: 120, kwh: 20 }), park({ minutes: 40 })),
      700,
      790,
    ],
    [
      'tariff_6_025kwh_start_max_price.json',
      aSession('2019-06-01T10:00:00Z', charge({ minutes: 120, kwh: 50 })),
      1000,
      1100,
    ],
    [
      'tariff_6_025kwh_start_max_price.json',
      aSession('2019-06-01T10:00:00Z', charge({ minutes: 120, kwh: 30 })),
      800,
      885,
    ],
    ['tariff_1_simple_2hour.json', aSession(DAY, charge({ minutes: 150, kwh: 30 })), 500, 550],
    [
      'tariff_13_simple_3hour_5parking.json',
      aSession(DAY, charge({ minutes: 150, kwh: 30 }), park({ minutes: 42 })),
      1125,
      1275,
    ],
    ['tariff_2_alt_text.json', aSession(DAY, charge({ minutes: 150, kwh: 30 })), 475, 500],
    ['tariff_3_alt_url.json', aSession(DAY, charge({ minutes: 120, kwh: 20.45 })), 563, 624],
    [
      'tariff_4_complex.json',
      aSession(MONDAY, charge({ minutes: 165, kwh: 10, amps: 16 }), park({ minutes: 42 })),
      900,
      1030,
    ],
    [
      'tariff_4_complex.json',
      aSession(SATURDAY, charge({ minutes: 114, kwh: 40, amps: 43 }), park({ minutes: 71 })),
      1238,
      1398,
    ],
    ['tariff_5_free_of_charge.json', aSession(DAY, charge({ minutes: 60, kwh: 11 }), park({ minutes: 30 })), 0, 0],
    [
      'tariff_7_first_hour_kwh_free.json',
      aSession(DAY, charge({ seconds: 0, kwh: 20 }), park({ minutes: 165 })),
      730,
      730,
    ],
    [
      'tariff_15_reservation_5_euro_per_hour.json',
      withReservation(aSession(DAY, charge({ minutes: 120, kwh: 20 })), 15),
      675,
      760,
    ],
    [
      'tariff_16_reservation_2_euro_fee_5_euro_per_hour.json',
      withReservation(aSession(DAY, charge({ minutes: 120, kwh: 20 })), 13),
      875,
      1000,
    ],
    [
      'tariff_17_reservation_with_expire_fee.json',
      withReservation(aSession(DAY, charge({ minutes: 120, kwh: 20 })), 22),
      650,
      730,
    ],
    ['tariff_17_reservation_with_expire_fee.json', withReservation(aSession(DAY), 60, true), 600, 720],
    [
      'tariff_18_reservation_with_expire_time.json',
      withReservation(aSession(DAY, charge({ minutes: 120, kwh: 20 })), 22),
      700,
      790,
    ],
    ['tariff_18_reservation_with_expire_time.json', withReservation(aSession(DAY), 90, true), 900, 1080],
    [
      'tariffrestriction_example_max_power.json',
      aSession(
        DAY,
        charge({ minutes: 10, kwh: 1 }),
        charge({ minutes: 50, kwh: 40 }),
        charge({ minutes: 7.5, kwh: 0.5 }),
      ),
      2030,
      2436,
    ],
    [
      'tariffrestriction_example_max_duration.json',
      aSession(DAY, charge({ minutes: 30, kwh: 5 }), charge({ minutes: 10, kwh: 1.2 })),
      30,
      36,
    ],
    // Tariff 14 (step size), example #2: 35 minutes from 16:35 = 1.30 (the example gives no VAT).
    ['tariff_14_step_size.json', aSession('2026-06-10T16:35:00+02:00', charge({ minutes: 35, kwh: 6 })), 130, 130],
  ])('%s', (name, session, excl, incl) => {
    const parsed = Tariff.parse(example(name)) as OcpiTariff;
    expect(totals(priceSession(fromOcpiTariff(parsed), session))).toEqual({ excl, incl });
  });
});

const stored = (over: Partial<StoredTariff> = {}): StoredTariff => ({
  id: 17,
  versionOf: null,
  currency: 'EUR',
  elements: [
    {
      price_components: [
        { type: 'FLAT', price: 5000, vat_bp: 2000, step_size: 1 },
        { type: 'ENERGY', price: 2500, vat_bp: 1000, step_size: 1 },
      ],
    },
  ],
  graceTimeS: 0,
  freeParkingS: 0,
  minPriceExclVat: null,
  maxPriceExclVat: null,
  maxPriceInclVat: null,
  validFrom: null,
  validTo: null,
  applyFrom: null,
  paymentType: null,
  emsp: null,
  createdAt: new Date('2018-12-17T11:00:00Z'),
  updatedAt: null,
  approvedAt: new Date('2018-12-17T11:36:01Z'),
  ...over,
});

describe('our tariffs as OCPI tariffs', () => {
  it('a stored tariff equivalent to "0.25 euro per kWh + start fee" serialises to that example exactly', () => {
    expect(ocpiTariffOf(stored(), { countryCode: 'DE', partyId: 'ALL' })).toEqual(
      example('tariff_9_025kwh_start.json'),
    );
  });

  it('prices the same through OCPI as through our own engine conversion (restrictions, bounds, validity)', () => {
    const t = stored({
      id: 40,
      versionOf: 31,
      paymentType: 'ad_hoc',
      elements: [
        {
          price_components: [{ type: 'ENERGY', price: 3125, vat_bp: 2000, step_size: 1 }],
          restrictions: { start_time: '08:00', end_time: '20:00', day_of_week: ['MONDAY', 'TUESDAY'] },
        },
        {
          price_components: [
            { type: 'ENERGY', price: 2000, vat_bp: 2000, step_size: 100 },
            { type: 'TIME', price: 12000, vat_bp: 550, step_size: 300 },
          ],
          restrictions: { min_power: 11, max_kwh: 40 },
        },
        { price_components: [{ type: 'PARKING_TIME', price: 60000, vat_bp: null, step_size: 60 }] },
      ],
      minPriceExclVat: 150,
      maxPriceExclVat: 2500,
      maxPriceInclVat: 3000,
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validTo: new Date('2027-01-01T00:00:00Z'),
    });
    const ocpi = Tariff.parse(ocpiTariffOf(t, { countryCode: 'FR', partyId: 'C01' }));
    expect(ocpi).toMatchObject({
      id: '31',
      type: 'AD_HOC_PAYMENT',
      min_price: { excl_vat: 1.5 },
      max_price: { excl_vat: 25, incl_vat: 30 },
      start_date_time: '2026-01-01T00:00:00Z',
      end_date_time: '2027-01-01T00:00:00Z',
    });
    expect(ocpi.elements[1]?.price_components[1]).toEqual({ type: 'TIME', price: 1.2, vat: 5.5, step_size: 300 });
    const ours = toEngineTariff({ ...t, vatIncluded: true, elements: t.elements });
    const sessions = [
      aSession('2026-03-02T09:00:00+01:00', charge({ minutes: 90, kwh: 30 }), park({ minutes: 20 })),
      aSession('2026-03-07T22:00:00+01:00', charge({ minutes: 45, kwh: 2 })),
      aSession('2026-06-03T12:00:00+02:00', charge({ minutes: 200, kwh: 70 }), park({ minutes: 90 })),
    ];
    for (const s of sessions)
      expect(totals(priceSession(fromOcpiTariff(ocpi as OcpiTariff), s))).toEqual(totals(priceSession(ours, s)));
  });

  it('says grace time and free parking in tariff_alt_text (OCPI elements cannot express them)', () => {
    const ocpi = ocpiTariffOf(stored({ graceTimeS: 600, freeParkingS: 1800 }), { countryCode: 'FR', partyId: 'C01' });
    expect(ocpi.tariff_alt_text).toEqual([
      { language: 'en', text: 'The first 10 minutes are free of charge. The first 30 minutes of parking are free.' },
    ]);
  });
});

describe('associated EMSP (spec section 3, Tariff)', () => {
  const peering = {
    id: 4,
    name: 'Gireve',
    roles: [
      { role: 'CPO', country_code: 'FR', party_id: 'GIR' },
      { role: 'EMSP', country_code: 'FR', party_id: 'ABC' },
    ],
  };

  it('a tariff without associated EMSP goes to every peering; one naming an EMSP only to that partner', () => {
    expect(tariffForPeering(null, peering)).toBe(true);
    expect(tariffForPeering('', peering)).toBe(true);
    for (const name of ['FR*ABC', 'frabc', 'ABC', 'gireve', '4']) expect(tariffForPeering(name, peering)).toBe(true);
    // The partner's CPO party is not an e-mobility provider.
    expect(tariffForPeering('FR*GIR', peering)).toBe(false);
    expect(tariffForPeering('NL*XYZ', peering)).toBe(false);
  });

  it('sends the latest version of each chain, leaves out customer-group, QR and business-pass tariffs', () => {
    const row = (id: number, over: object = {}) => ({
      id,
      versionOf: null as number | null,
      version: 1,
      customerGroupId: null as number | null,
      paymentType: null as 'qr' | 'ad_hoc' | 'business_pass' | null,
      emsp: null as string | null,
      ...over,
    });
    const rows = [
      row(1),
      row(2, { versionOf: 1, version: 2 }),
      row(3, { customerGroupId: 9 }),
      row(4, { paymentType: 'qr' }),
      row(5, { paymentType: 'ad_hoc' }),
      row(6, { emsp: 'NL*XYZ' }),
      row(7, { emsp: 'FR*ABC' }),
    ];
    expect(tariffsForPeering(rows, peering).map((r) => r.id)).toEqual([2, 5, 7]);
  });
});
