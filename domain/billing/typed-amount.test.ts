import { describe, expect, it } from 'vitest';
import { majorUnitsText, minorUnitsOf } from './typed-amount';

describe('minor units typed on a screen', () => {
  it('reads major units exactly, with the currency decimals', () => {
    expect(minorUnitsOf('12.29', 'EUR')).toBe(1229);
    expect(minorUnitsOf('12.5', 'EUR')).toBe(1250);
    expect(minorUnitsOf('0', 'GBP')).toBe(0);
    expect(minorUnitsOf('1500', 'JPY')).toBe(1500);
  });
  it('refuses what is not a plain amount', () => {
    for (const typed of ['', '12,50', '-1', '1.234', 'abc', '1e3']) expect(minorUnitsOf(typed, 'EUR')).toBeNull();
    expect(minorUnitsOf('15.5', 'JPY')).toBeNull();
  });
  it('writes minor units back for a form field', () => {
    expect(majorUnitsText(1250, 'EUR')).toBe('12.50');
    expect(majorUnitsText(5, 'EUR')).toBe('0.05');
    expect(majorUnitsText(1500, 'JPY')).toBe('1500');
  });
});
