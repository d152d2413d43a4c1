/**
 * Issue 24 §6: decimal rules disagreed in the English UI. One module (app/lib/format.ts): input with a
 * dot whatever the language (spec section 5), display in the company's number format (spec section 9:
 * en-GB for GBP, it-IT otherwise) whatever the language, and hints that show a dot.
 */

import { LANGUAGES } from '@i18n/languages';
import { de } from '@i18n/locales/de';
import { en } from '@i18n/locales/en';
import { es } from '@i18n/locales/es';
import { fr } from '@i18n/locales/fr';
import { it as italian } from '@i18n/locales/it';
import { nl } from '@i18n/locales/nl';
import { pt } from '@i18n/locales/pt';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../../app/components/customer-groups/group-form';
import { readDecimal } from '../../app/components/tariffs/form-model';
import {
  DECIMAL_EXAMPLE,
  formatDecimal,
  formatKwh,
  formatMoneyPerKwh,
  formatNumber,
  formatPercent,
  parseDecimal,
} from '../../app/lib/format';

const CATALOGS = { en, de, fr, nl, it: italian, es, pt };
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('parseDecimal: the dot is the decimal separator in every language', () => {
  it.each([
    { input: '0.25', want: { ok: true, value: 0.25 } },
    { input: ' 12 ', want: { ok: true, value: 12 } },
    { input: '1234.5', want: { ok: true, value: 1234.5 } },
    { input: '0,25', want: { ok: false, error: 'comma' } },
    { input: '1,234', want: { ok: false, error: 'comma' } },
    { input: '1.234,5', want: { ok: false, error: 'invalid' } },
    { input: '-1', want: { ok: false, error: 'invalid' } },
    { input: '1e3', want: { ok: false, error: 'invalid' } },
    { input: '.5', want: { ok: false, error: 'invalid' } },
    { input: '', want: { ok: false, error: 'empty' } },
  ])('$input', ({ input, want }) => {
    expect(parseDecimal(input)).toEqual(want);
  });

  it('admits a sign when asked and bounds the decimals', () => {
    expect(parseDecimal('-48.8566', { negative: true })).toEqual({ ok: true, value: -48.8566 });
    expect(parseDecimal('25.505', { maxDecimals: 2 })).toEqual({ ok: false, error: 'invalid' });
    expect(parseDecimal('25.5', { maxDecimals: 2 })).toEqual({ ok: true, value: 25.5 });
  });

  it('every decimal input of the app reads through it: tariff prices and group amounts refuse a comma', () => {
    expect([readDecimal('0.30'), readDecimal('0,30')]).toEqual([0.3, null]);
    expect([minorUnits('25.5'), minorUnits('0.29'), minorUnits('25,5'), minorUnits('')]).toEqual([
      2550,
      29,
      undefined,
      null,
    ]);
  });

  it.each([...LANGUAGES])('the tariff hint in %s shows a dot, never a decimal comma', (language) => {
    const hint = CATALOGS[language].tariffs.errors.number;
    expect(hint).toContain(DECIMAL_EXAMPLE);
    expect(hint).not.toMatch(/\d,\d/);
  });
});

describe('display follows the company number format, not the UI language', () => {
  it.each([
    { currency: 'EUR', kwh: '12,346 kWh', pct: '33,3%', dec: '1.234,50', perKwh: '0,2500 €/kWh' },
    { currency: 'GBP', kwh: '12.346 kWh', pct: '33.3%', dec: '1,234.50', perKwh: '£0.2500/kWh' },
  ])('$currency company', ({ currency, kwh, pct, dec, perKwh }) => {
    expect(formatKwh(12_345.6, currency)).toBe(kwh);
    expect(plain(formatPercent(1, 3, currency))).toBe(pct);
    expect(formatDecimal(1234.5, 2, currency)).toBe(dec);
    expect(plain(formatMoneyPerKwh(25_000, currency))).toBe(perKwh);
  });

  it('has no language parameter to get wrong: the same figures in every UI language', () => {
    expect(formatNumber(0.5, { currency: 'EUR' })).toBe('0,5');
    expect(formatKwh(null)).toBe('—');
    expect(formatMoneyPerKwh(null)).toBeNull();
  });
});
