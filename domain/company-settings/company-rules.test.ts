import { describe, expect, it } from 'vitest';
import {
  normalizeVat,
  privateSessionChoiceError,
  SCREEN_SETTINGS,
  settingsNeedingConfirmation,
  vatCountry,
  vatError,
} from './company-rules';

describe('vatError', () => {
  it.each([
    { vat: 'FR40123456824', expected: null },
    { vat: 'fr 40 123 456 824', expected: null },
    { vat: 'DE123456789', expected: null },
    { vat: 'NL123456789B01', expected: null },
    { vat: 'ATU12345678', expected: null },
    { vat: 'EL123456789', expected: null },
    { vat: 'ESX1234567X', expected: null },
    { vat: 'IE1234567WA', expected: null },
    { vat: '', expected: 'companyVatRequired' },
    { vat: null, expected: 'companyVatRequired' },
    { vat: 'DE12345678', expected: 'companyVatInvalid' },
    { vat: 'GR123456789', expected: 'companyVatInvalid' },
    { vat: 'US123456789', expected: 'companyVatInvalid' },
    { vat: 'FRIO123456789', expected: 'companyVatInvalid' },
  ])('$vat → $expected', ({ vat, expected }) => {
    expect(vatError(vat)).toBe(expected);
  });

  it('normalises and names the country', () => {
    expect(normalizeVat('nl 1234.567-89b01')).toBe('NL123456789B01');
    expect([vatCountry('EL123456789'), vatCountry('XI123456789'), vatCountry('fr40123456824')]).toEqual([
      'GR',
      'GB',
      'FR',
    ]);
  });
});

describe('confirmation and private-session choices', () => {
  it('asks only for settings a screen needs that are turned off', () => {
    expect(SCREEN_SETTINGS).toEqual(expect.arrayContaining([6, 7, 47, 52]));
    expect(SCREEN_SETTINGS).not.toContain(42);
    expect(SCREEN_SETTINGS).not.toContain(56);
    expect(settingsNeedingConfirmation([6, 42, 47, 52], [42])).toEqual([6, 47, 52]);
    expect(settingsNeedingConfirmation([6, 42, 56], [6])).toEqual([]);
    expect(settingsNeedingConfirmation([], [6, 52])).toEqual([]);
  });

  it('allows at most one of 53, 54 and 55', () => {
    expect(privateSessionChoiceError([52, 53])).toBeNull();
    expect(privateSessionChoiceError([52, 54, 55])).toBe('companyPrivateSessionsOne');
  });
});
