import { describe, expect, it } from 'vitest';
import {
  anElement,
  aSession,
  aTariff,
  charge,
  energy,
  flat,
  park,
  parking,
  time,
} from '../../tests/support/pricing-builders';
import { priceSession } from './engine';
import type { Priced, PricingResult, Tariff } from './types';

function priced(result: PricingResult): Priced {
  if (result.kind !== 'priced') throw new Error(`unpriced: ${result.reason}`);
  return result;
}

const START = '2026-05-12T10:00:00+02:00';

describe('step size, once per session per dimension (OCPI CDR module, step_size)', () => {
  it.each([
    {
      name: 'energy 4321 Wh in steps of 500 → 4500 Wh',
      tariff: aTariff({ elements: [anElement([energy('1.00', { step: 500 })])] }),
      session: aSession(START, charge({ minutes: 60, kwh: 4.321 })),
      quantity: 4500,
      excl: 450,
    },
    {
      name: 'energy step 1 Wh bills the Wh (20.45 kWh)',
      tariff: aTariff({ elements: [anElement([energy('0.25', { step: 1 })])] }),
      session: aSession(START, charge({ minutes: 60, kwh: 20.45 })),
      quantity: 20450,
      excl: 511,
    },
    {
      name: 'time 6 min in steps of 300 s → 10 min',
      tariff: aTariff({ elements: [anElement([time('6.00', { step: 300 })])] }),
      session: aSession(START, charge({ minutes: 6, kwh: 1 })),
      quantity: 600,
      excl: 100,
    },
    {
      name: 'time step 0 is treated as 1 s (61 s)',
      tariff: aTariff({ elements: [anElement([time('36.00', { step: 0 })])] }),
      session: aSession(START, charge({ seconds: 61, kwh: 0.1 })),
      quantity: 61,
      excl: 61,
    },
    {
      name: 'parking 8 min in steps of 300 s → 10 min',
      tariff: aTariff({ elements: [anElement([parking('6.00', { step: 300 })])] }),
      session: aSession(START, charge({ minutes: 10, kwh: 2 }), park({ minutes: 8 })),
      quantity: 600,
      excl: 100,
    },
    {
      name: 'charging before billed parking is not rounded (21 min at step 600)',
      tariff: aTariff({ elements: [anElement([time('6.00', { step: 600 }), parking('1.00', { step: 60 })])] }),
      session: aSession(START, charge({ minutes: 21, kwh: 2 }), park({ minutes: 7 })),
      quantity: 1260,
      excl: 222,
    },
    {
      name: 'charging followed by unbilled parking is rounded (21 → 30 min)',
      tariff: aTariff({ elements: [anElement([time('6.00', { step: 600 })])] }),
      session: aSession(START, charge({ minutes: 21, kwh: 2 }), park({ minutes: 7 })),
      quantity: 1800,
      excl: 300,
    },
  ])('$name', ({ tariff, session, quantity, excl }) => {
    const result = priced(priceSession(tariff, session));
    expect(result.lines[0]?.quantity).toBe(quantity);
    expect(result.totals.exclVat).toBe(excl);
  });

  it('rounds the session total, not the last element: 4.3 kWh + 1.1 kWh at step 500 → 5.5 kWh, 1.2 after 17:00 (CDR module example)', () => {
    const tariff = aTariff({
      elements: [
        anElement([energy('0.20', { step: 500 })], { endTime: '17:00' }),
        anElement([energy('0.27', { step: 500 })]),
      ],
    });
    const session = aSession(
      '2026-05-12T16:00:00+02:00',
      charge({ minutes: 60, kwh: 4.3 }),
      charge({ minutes: 30, kwh: 1.1 }),
    );
    expect(priced(priceSession(tariff, session)).lines.map((l) => [l.quantity, l.exclVat])).toEqual([
      [4300, 86],
      [1200, 32],
    ]);
  });

  it('6 min before 17:00 + 22 after at step 600 → 30 min in all, 24 after (CDR module example)', () => {
    const tariff = aTariff({
      elements: [
        anElement([time('5.00', { step: 600 })], { endTime: '17:00' }),
        anElement([time('7.00', { step: 600 })]),
      ],
    });
    const session = aSession('2026-05-12T16:54:00+02:00', charge({ minutes: 28, kwh: 5 }));
    expect(priced(priceSession(tariff, session)).lines.map((l) => l.quantity)).toEqual([360, 1440]);
  });

  it('charging 21 min then 16 min parked, both steps 600: parking → 20 min, charging stays 21 (CDR module example)', () => {
    const tariff = aTariff({ elements: [anElement([time('1.00', { step: 600 }), parking('2.00', { step: 600 })])] });
    const session = aSession(START, charge({ minutes: 21, kwh: 5 }), park({ minutes: 16 }));
    expect(priced(priceSession(tariff, session)).lines.map((l) => l.quantity)).toEqual([1260, 1200]);
  });
});

describe('min and max price', () => {
  const withBounds = (bounds: Partial<Tariff>) =>
    aTariff({ elements: [anElement([flat('1.00', { vat: 20 }), energy('0.50', { vat: 20 })])], ...bounds });

  it.each([
    {
      name: 'below the minimum: raised to it (excl. and incl.)',
      bounds: { minPrice: { exclVat: 500, inclVat: 600 } },
      kwh: 2,
      excl: 500,
      incl: 600,
      adjust: 'MIN_PRICE',
    },
    {
      name: 'above the minimum: untouched',
      bounds: { minPrice: { exclVat: 500, inclVat: 600 } },
      kwh: 20,
      excl: 1100,
      incl: 1320,
      adjust: undefined,
    },
    {
      name: 'above the maximum: capped',
      bounds: { maxPrice: { exclVat: 800, inclVat: 960 } },
      kwh: 20,
      excl: 800,
      incl: 960,
      adjust: 'MAX_PRICE',
    },
    {
      name: 'max without incl. VAT: incl. bound at the session VAT rate',
      bounds: { maxPrice: { exclVat: 800 } },
      kwh: 20,
      excl: 800,
      incl: 960,
      adjust: 'MAX_PRICE',
    },
    {
      name: 'min without incl. VAT: incl. bound at the session VAT rate',
      bounds: { minPrice: { exclVat: 200 } },
      kwh: 0,
      excl: 200,
      incl: 240,
      adjust: 'MIN_PRICE',
    },
    {
      name: 'a maximum below the minimum wins',
      bounds: { minPrice: { exclVat: 900, inclVat: 1080 }, maxPrice: { exclVat: 700, inclVat: 840 } },
      kwh: 2,
      excl: 700,
      incl: 840,
      adjust: 'MAX_PRICE',
    },
  ])('$name', ({ bounds, kwh, excl, incl, adjust }) => {
    const result = priced(priceSession(withBounds(bounds), aSession(START, charge({ minutes: 60, kwh }))));
    expect([result.totals.exclVat, result.totals.inclVat]).toEqual([excl, incl]);
    expect(result.lines.at(-1)?.dimension === adjust || adjust === undefined).toBe(true);
  });
});

describe('grace time, free parking, private sessions, display', () => {
  const tariff = aTariff({
    graceTimeS: 120,
    elements: [
      anElement([flat('0.50', { vat: 20 }), energy('0.30', { vat: 20 }), parking('6.00', { vat: 20, step: 60 })]),
    ],
  });

  it.each([
    {
      name: 'shorter than the grace time: free',
      session: aSession(START, charge({ seconds: 119, kwh: 0.2 })),
      excl: 0,
      free: 'grace-time',
    },
    {
      name: 'exactly the grace time: priced',
      session: aSession(START, charge({ seconds: 120, kwh: 0.2 })),
      excl: 56,
      free: undefined,
    },
    {
      name: 'parked after charging: billed',
      session: aSession(START, charge({ minutes: 60, kwh: 10 }), park({ minutes: 30 })),
      excl: 50 + 300 + 300,
      free: undefined,
    },
  ])('$name', ({ session, excl, free }) => {
    const result = priced(priceSession(tariff, session));
    expect(result.totals.exclVat).toBe(excl);
    expect(result.free).toBe(free);
  });

  it('ignoreGraceTime: a session under the grace time is charged (in progress, or stopped by the back office)', () => {
    const result = priced(
      priceSession(tariff, aSession(START, charge({ seconds: 90, kwh: 0.2 })), { ignoreGraceTime: true }),
    );
    expect([result.totals.exclVat, result.free]).toEqual([56, undefined]);
  });

  it('free parking: the first 20 minutes of parking are not billed', () => {
    const session = aSession(START, charge({ minutes: 60, kwh: 10 }), park({ minutes: 30 }));
    const result = priced(priceSession({ ...tariff, freeParkingS: 1200 }, session));
    expect(result.lines.find((l) => l.dimension === 'PARKING_TIME')?.quantity).toBe(600);
    expect(result.quantities.parkingS).toBe(1800);
  });

  it('free parking Infinity: no parking line at all', () => {
    const session = aSession(START, charge({ minutes: 60, kwh: 10 }), park({ minutes: 30 }));
    const result = priced(priceSession({ ...tariff, freeParkingS: Number.POSITIVE_INFINITY }, session));
    expect(result.lines.map((l) => l.dimension)).toEqual(['FLAT', 'ENERGY']);
  });

  it('private sessions are priced by the free tariff, explicitly', () => {
    const result = priced(
      priceSession(tariff, aSession(START, charge({ minutes: 60, kwh: 10 })), { privateSession: true }),
    );
    expect([result.tariffId, result.totals.inclVat, result.free]).toEqual(['free', 0, 'private']);
  });

  it.each([
    { display: 'included' as const, shown: 420 },
    { display: 'net' as const, shown: 350 },
  ])('display $display shows $shown', ({ display, shown }) => {
    const result = priced(priceSession({ ...tariff, display }, aSession(START, charge({ minutes: 60, kwh: 10 }))));
    expect(result.displayTotal).toBe(shown);
  });
});
