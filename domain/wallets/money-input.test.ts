import { describe, expect, it } from 'vitest';
import { minorToInput, parseSignedMinor } from './money-input';

describe('parseSignedMinor', () => {
  it.each([
    { text: '5', currency: 'EUR', expected: 500 },
    { text: '-5.00', currency: 'EUR', expected: -500 },
    { text: '12,5', currency: 'EUR', expected: 1250 },
    { text: '+0.01', currency: 'GBP', expected: 1 },
    { text: '1 000,50', currency: 'EUR', expected: 100_050 },
    { text: '1500', currency: 'JPY', expected: 1500 },
    { text: '1.5', currency: 'JPY', expected: null },
    { text: '1.234', currency: 'KWD', expected: 1234 },
    { text: '1.234', currency: 'EUR', expected: null },
    { text: '', currency: 'EUR', expected: null },
    { text: '5 €', currency: 'EUR', expected: null },
    { text: '1e3', currency: 'EUR', expected: null },
    { text: '--5', currency: 'EUR', expected: null },
  ])('"$text" $currency → $expected', ({ text, currency, expected }) => {
    expect(parseSignedMinor(text, currency)).toBe(expected);
  });
});

describe('minorToInput', () => {
  it('shows minor units as the number typed back', () => {
    expect(minorToInput(500, 'EUR')).toBe('5.00');
    expect(minorToInput(1, 'EUR')).toBe('0.01');
    expect(minorToInput(1500, 'JPY')).toBe('1500');
    expect(minorToInput(null, 'EUR')).toBe('');
  });
});
