import { describe, expect, it } from 'vitest';
import { anElement, aSession, aTariff, charge, energy, flat, park, time } from '../../tests/support/pricing-builders';
import { priceSession } from './engine';
import type { Priced, PricingResult } from './types';

function priced(result: PricingResult): Priced {
  if (result.kind !== 'priced') throw new Error(`unpriced: ${result.reason}`);
  return result;
}

describe('FLAT: billed once, from the first FLAT element that holds at some point of the session', () => {
  const tariff = aTariff({
    elements: [
      anElement([flat('2.00')], { dayOfWeek: ['SATURDAY', 'SUNDAY'] }),
      anElement([flat('1.00')], { minKwh: 30 }),
      anElement([flat('0.50')]),
      anElement([energy('0.30')], { startTime: '06:00', endTime: '22:00' }),
    ],
  });

  it.each([
    { name: 'weekday, little energy: the unrestricted fee', start: '2026-03-04T10:00:00+01:00', kwh: 10, fee: 50 },
    { name: 'weekday, past 30 kWh: the min_kwh fee, once', start: '2026-03-04T10:00:00+01:00', kwh: 40, fee: 100 },
    { name: 'a session reaching Saturday: the weekend fee', start: '2026-03-06T23:30:00+01:00', kwh: 10, fee: 200 },
  ])('$name', ({ start, kwh, fee }) => {
    const lines = priced(priceSession(tariff, aSession(start, charge({ minutes: 60, kwh })))).lines;
    expect(lines.filter((l) => l.dimension === 'FLAT').map((l) => [l.quantity, l.exclVat])).toEqual([[1, fee]]);
  });
});

describe('currencies with other minor units', () => {
  it.each([
    { currency: 'JPY', minorDigits: 0, price: '45', excl: 450, incl: 495 },
    { currency: 'KWD', minorDigits: 3, price: '0.075', excl: 750, incl: 825 },
  ])('$currency ($minorDigits digits): 10 kWh at $price', ({ currency, minorDigits, price, excl, incl }) => {
    const tariff = aTariff({ currency, minorDigits, elements: [anElement([energy(price, { vat: 10 })])] });
    const result = priced(
      priceSession(tariff, aSession('2026-03-04T10:00:00+01:00', charge({ minutes: 60, kwh: 10 }))),
    );
    expect([result.currency, result.totals.exclVat, result.totals.inclVat]).toEqual([currency, excl, incl]);
  });
});

describe('lines name the element and restrictions that produced them', () => {
  it('TIME before and after 18:00, with the restriction object', () => {
    const evening = { startTime: '18:00', endTime: '23:00' };
    const tariff = aTariff({
      elements: [anElement([time('3.00', { vat: 20 })], evening), anElement([time('1.50', { vat: 20 })])],
    });
    const result = priced(
      priceSession(
        tariff,
        aSession('2026-03-04T17:30:00+01:00', charge({ minutes: 60, kwh: 5 }), park({ minutes: 5 })),
      ),
    );
    expect(result.lines).toEqual([
      {
        dimension: 'TIME',
        quantity: 1800,
        unitPrice: 15_000,
        vatBp: 2000,
        exclVat: 75,
        vat: 15,
        inclVat: 90,
        elementIndex: 1,
      },
      {
        dimension: 'TIME',
        quantity: 1800,
        unitPrice: 30_000,
        vatBp: 2000,
        exclVat: 150,
        vat: 30,
        inclVat: 180,
        elementIndex: 0,
        restrictions: evening,
      },
    ]);
    expect(result.totals).toEqual({ exclVat: 225, vat: 45, inclVat: 270 });
  });
});
