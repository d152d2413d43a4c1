import { describe, expect, it } from 'vitest';
import { lineQuantity, lineUnitPrice, unitOf } from './tariff-lines';

const nb = (s: string | null) => s?.replace(/\u00a0/g, ' ');

describe('tariff line display', () => {
  it.each([
    ['ENERGY', 12_345, '12,345 kWh', 2500, '0,2500 €'],
    ['TIME', 3725, '1:02:05', 12_000, '1,2000 €'],
    ['PARKING_TIME', 600, '0:10:00', 50_000, '5,0000 €'],
    ['FLAT', 1, '1', 15_000, '1,5000 €'],
    ['MAX_PRICE', 0, '—', 0, undefined],
  ])('%s: %d → %s, %d → %s', (dimension, quantity, wantQuantity, unit, wantUnit) => {
    expect(lineQuantity(dimension, quantity)).toBe(wantQuantity);
    expect(nb(lineUnitPrice(dimension, unit))).toBe(wantUnit);
  });

  it('states the unit of each dimension', () => {
    expect([unitOf('ENERGY'), unitOf('TIME'), unitOf('FLAT'), unitOf('MIN_PRICE')]).toEqual([
      'perKwh',
      'perHour',
      'perSession',
      null,
    ]);
  });
});
