import { describe, expect, it } from 'vitest';
import { anElement, aTariff, energy, flat } from '../../tests/support/pricing-builders';
import { belowMinimum, minimumToStart, spendable } from './minimum';

const AT = new Date('2026-03-10T10:00:00Z');

describe('minimumToStart', () => {
  it('is the price of 1 kWh in 10 minutes, start fee included', () => {
    expect(
      minimumToStart(
        aTariff({ elements: [anElement([energy('0.40', { vat: 20 }), flat('1.00', { vat: 20 })])] }),
        AT,
        'Europe/Paris',
      ),
    ).toBe(168);
  });
  it('is at least one minor unit', () => {
    expect(minimumToStart(aTariff({ elements: [anElement([energy('0.001')])] }), AT, 'Europe/Paris')).toBe(1);
  });
  it('is none without a tariff (the session costs nothing)', () => {
    expect(minimumToStart(null, AT, 'Europe/Paris')).toBeNull();
  });
});

describe('belowMinimum', () => {
  const w = { walletId: 1, currency: 'EUR', balanceMinor: 120, committedMinor: 0 };
  it('names the balance and the amount needed', () => {
    expect(belowMinimum(w, 200)).toBe('The prepaid balance of 1.20 EUR is below the 2.00 EUR needed to start.');
  });
  it('lets a balance at the minimum start', () => {
    expect(belowMinimum({ ...w, balanceMinor: 200 }, 200)).toBeNull();
  });
  it('counts what sessions in progress have committed', () => {
    expect(belowMinimum({ ...w, balanceMinor: 500, committedMinor: 400 }, 200)).toBe(
      'The prepaid balance of 5.00 EUR (1.00 EUR after the sessions in progress) is below the 2.00 EUR needed to start.',
    );
  });
  it('refuses nothing where no tariff applies', () => {
    expect(belowMinimum({ ...w, balanceMinor: -50 }, null)).toBeNull();
  });
  it('spendable is balance minus committed, never below zero', () => {
    expect(spendable({ ...w, balanceMinor: 500, committedMinor: 120 })).toBe(380);
    expect(spendable({ ...w, balanceMinor: 100, committedMinor: 120 })).toBe(0);
  });
});
