import { afterEach, describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney, formatNumber, formatPercent, setSeparatorSource, swapSeparators } from './format';

describe('white-label separators (spec 000 §6)', () => {
  afterEach(() => setSeparatorSource(() => false));

  it('swaps the decimal and thousand separators of a formatted number', () => {
    expect(swapSeparators('1.234.567,89')).toBe('1,234,567.89');
    expect(swapSeparators('1,234.5')).toBe('1.234,5');
    expect(swapSeparators('12 kWh')).toBe('12 kWh');
  });

  it('leaves every number as it is while the company is not white-label', () => {
    expect(formatDecimal(1234.5)).toBe('1.234,50');
    expect(formatMoney(123456, 'EUR')).toBe('1.234,56\u00a0€');
  });

  it('swaps every number the module writes while the source says white-label', () => {
    setSeparatorSource(() => true);
    expect(formatDecimal(1234.5)).toBe('1,234.50');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(123456, 'EUR')).toBe('1,234.56\u00a0€');
    expect(formatMoney(123456, 'GBP')).toBe('£1.234,56');
    expect(formatPercent(1, 8)).toBe('12.5%');
  });
});
