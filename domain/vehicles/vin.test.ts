import { describe, expect, it } from 'vitest';
import { vinCheckDigit, vinError } from './vin';

describe('vinError', () => {
  it('accepts empty, European VINs without check digit and North-American VINs with a correct one', () => {
    expect(vinError('')).toBeNull();
    expect(vinError(null)).toBeNull();
    expect(vinError('VF1AG000X64123456')).toBeNull(); // Renault: position 9 is not a check digit
    expect(vinError('wvwzzz1kz6w612345')).toBeNull(); // lower-case is upper-cased
    expect(vinError('1M8GDM9AXKP042788')).toBeNull(); // the classic NHTSA example
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });
  it('names the failure', () => {
    expect(vinError('VF1AG000X6412345')).toBe('vinLength');
    expect(vinError('VF1AG000X641234567')).toBe('vinLength');
    expect(vinError('VF1AG000O64123456')).toBe('vinCharacters');
    expect(vinError('VF1AG000I64123456')).toBe('vinCharacters');
    expect(vinError('VF1AG000Q64123456')).toBe('vinCharacters');
    expect(vinError('VF1AG000-64123456')).toBe('vinCharacters');
    expect(vinError('1M8GDM9A1KP042788')).toBe('vinCheckDigit');
  });
});
