import { describe, expect, it } from 'vitest';
import { IBAN_LENGTHS, ibanError, ibanLengthFor, isValidIban, maskIban, maskSecret, normalizeIban } from './iban';

describe('IBAN', () => {
  it.each([
    'DE89 3704 0044 0532 0130 00',
    'FR14 2004 1010 0505 0001 3M02 606',
    'GB29 NWBK 6016 1331 9268 19',
    'NL91ABNA0417164300',
    'BE68 5390 0754 7034',
    'IT60 X054 2811 1010 0000 0123 456',
    'ES91 2100 0418 4502 0005 1332',
    'PT50 0002 0123 1234 5678 9015 4',
    'CH93 0076 2011 6238 5295 7',
    'NO93 8601 1117 947',
    'de89370400440532013000',
  ])('accepts %s', (iban) => {
    expect(ibanError(iban)).toBeNull();
    expect(isValidIban(iban)).toBe(true);
  });

  it('normalizes spaces and case', () => {
    expect(normalizeIban(' de89 3704 0044\t0532 0130 00 ')).toBe('DE89370400440532013000');
  });

  it('names a wrong check digit', () => {
    expect(ibanError('DE88 3704 0044 0532 0130 00')).toBe('ibanChecksum');
    // One transposition of two account digits.
    expect(ibanError('DE89 3704 0044 0532 0103 00')).toBe('ibanChecksum');
  });

  it('names a length that does not fit the country', () => {
    expect(ibanError('DE89 3704 0044 0532 0130 0')).toBe('ibanLength');
    expect(ibanError('NL91ABNA04171643001')).toBe('ibanLength');
    expect(ibanLengthFor('nl91')).toBe(18);
  });

  it('names an unknown country', () => {
    expect(ibanError('US12 3456 7890 1234')).toBe('ibanCountry');
    expect(ibanLengthFor('US12')).toBeNull();
  });

  it('names characters that cannot be in an IBAN', () => {
    expect(ibanError('')).toBe('ibanCharacters');
    expect(ibanError('DE89-3704-0044-0532-0130-00')).toBe('ibanCharacters');
    expect(ibanError('1289 3704 0044 0532 0130 00')).toBe('ibanCharacters');
    expect(ibanError('DEXX 3704 0044 0532 0130 00')).toBe('ibanCharacters');
  });

  it('has a plausible length for every country of the table', () => {
    for (const [country, length] of Object.entries(IBAN_LENGTHS)) {
      expect(country).toMatch(/^[A-Z]{2}$/);
      expect(length).toBeGreaterThanOrEqual(15);
      expect(length).toBeLessThanOrEqual(34);
    }
  });

  it('masks all but the country and the last four characters', () => {
    expect(maskIban('DE', '3000')).toBe('DE•• •••• 3000');
    expect(maskIban(null, null)).toBeNull();
    expect(maskSecret('1850775123456')).toBe('••••••••56');
    expect(maskSecret('12')).toBe('••');
    expect(maskSecret(null)).toBeNull();
  });
});
