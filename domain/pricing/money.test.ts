import { describe, expect, it } from 'vitest';
import { amountDenominator, dec4, exactAmount, minor, roundDiv, vatBp, vatOf } from './money';
import { fromOcpiTariff } from './ocpi';

describe('integer money', () => {
  it.each([
    ['0.25', 2500],
    ['2', 20_000],
    ['1.9', 19_000],
    ['0.12345', 1235],
    [0.1, 1000],
    [0.35, 3500],
  ])('dec4(%s) = %i', (text, value) => {
    expect(dec4(text)).toBe(value);
  });

  it.each([
    [5.2, 520],
    ['20', 2000],
    [12.5, 1250],
  ])('vatBp(%s) = %i', (percent, bp) => {
    expect(vatBp(percent)).toBe(bp);
  });

  it('minor units per currency digits', () => {
    expect([minor('12.34'), minor('1234', 0), minor('1.234', 3)]).toEqual([1234, 1234, 1234]);
  });

  it.each([
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [-15, 10, -2],
    [-14, 10, -1],
  ])('roundDiv(%i, %i) = %i (half up, away from zero)', (n, d, q) => {
    expect(roundDiv(n, d)).toBe(q);
  });

  it('exact amounts are thousandths of a cent: 115 Wh at 0.25/kWh = 2.875 cents', () => {
    expect(exactAmount(115, 2500, amountDenominator('ENERGY', 2))).toBe(2875);
    expect(exactAmount(600_000, 19_000, amountDenominator('TIME', 2))).toBe(31_667);
    expect(exactAmount(1, 5000, amountDenominator('FLAT', 2))).toBe(50_000);
    expect(exactAmount(1, 5000, amountDenominator('FLAT', 0))).toBe(500);
  });

  it('VAT is on the exact amount; none when not applicable', () => {
    expect([vatOf(2875, 1000), vatOf(2875, null)]).toEqual([288, 0]);
  });

  it('rejects what is not a decimal', () => {
    expect(() => dec4('1,5')).toThrow(RangeError);
  });
});

describe('fromOcpiTariff', () => {
  it('reads OCPI numbers, percent VAT, bounds, validity and restrictions', () => {
    const tariff = fromOcpiTariff({
      id: '7',
      currency: 'EUR',
      max_price: { excl_vat: 10, incl_vat: 11 },
      end_date_time: '2019-06-30T23:59:59',
      elements: [
        {
          price_components: [{ type: 'TIME', price: 1.9, vat: 5.2, step_size: 300 }],
          restrictions: { start_time: '09:00', max_kwh: 1 },
        },
      ],
    });
    expect(tariff).toEqual({
      id: '7',
      currency: 'EUR',
      minorDigits: 2,
      maxPrice: { exclVat: 1000, inclVat: 1100 },
      validTo: Date.parse('2019-06-30T23:59:59Z'),
      elements: [
        {
          priceComponents: [{ type: 'TIME', price: 19_000, vatBp: 520, stepSize: 300 }],
          restrictions: { startTime: '09:00', maxKwh: 1 },
        },
      ],
    });
  });
});
