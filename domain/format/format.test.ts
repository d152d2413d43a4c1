import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCoordinates,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPowerKw,
  formatTime,
  formatUnitPrice,
  numberLocale,
} from './format';

// Intl may use a narrow no-break space before units and currency symbols.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers and money', () => {
  it.each([
    { currency: 'GBP', expected: 'en-GB' },
    { currency: 'gbp', expected: 'en-GB' },
    { currency: 'EUR', expected: 'it-IT' },
    { currency: 'CHF', expected: 'it-IT' },
    { currency: undefined, expected: 'it-IT' },
  ])('uses $expected for $currency', ({ currency, expected }) => {
    expect(numberLocale(currency)).toBe(expected);
  });

  it.each([
    { value: 1234.5, currency: 'EUR', expected: '1.234,5' },
    { value: 1234.5, currency: 'GBP', expected: '1,234.5' },
    { value: 0.125, currency: undefined, expected: '0,13' },
  ])('formats $value for $currency as $expected', ({ value, currency, expected }) => {
    expect(formatNumber(value, { currency })).toBe(expected);
  });

  it.each([
    { minor: 123456, currency: 'EUR', expected: '1.234,56 €' },
    { minor: 123456, currency: 'GBP', expected: '£1,234.56' },
    { minor: 5, currency: 'EUR', expected: '0,05 €' },
  ])('formats $minor minor units of $currency as $expected', ({ minor, currency, expected }) => {
    expect(plain(formatMoney(minor, currency))).toBe(expected);
  });

  it('formats shares, power and sizes', () => {
    expect(plain(formatPercent(1, 3))).toBe('33,3%');
    expect(plain(formatPercent(0, 0))).toBe('0%');
    expect(formatPowerKw(22000)).toBe('22 kW');
    expect(formatPowerKw(7400, 'GBP')).toBe('7.4 kW');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5 TB');
    expect(formatBytes(3 * 1024 ** 5)).toBe('3.072 TB');
  });
});

describe('dates in the company time zone', () => {
  it('shows winter times in CET (UTC+1) and summer times in CEST (UTC+2)', () => {
    expect(formatDateTime('2026-01-15T08:30:00Z')).toBe('15/01/2026 09:30');
    expect(formatDateTime('2026-07-15T08:30:00Z')).toBe('15/07/2026 10:30');
  });

  it('crosses midnight and the clock change correctly', () => {
    expect(formatDateTime('2026-03-28T23:30:00Z')).toBe('29/03/2026 00:30');
    expect(formatDateTime('2026-03-29T01:30:00Z')).toBe('29/03/2026 03:30');
    expect(formatDateTime('2026-10-25T00:30:00Z')).toBe('25/10/2026 02:30');
    expect(formatDateTime('2026-10-25T01:30:00Z')).toBe('25/10/2026 02:30');
  });

  it('uses month/day/year in English and day/month/year elsewhere', () => {
    const when = new Date('2026-11-21T16:05:00Z');
    expect(formatDate(when, { language: 'en' })).toBe('11/21/2026');
    expect(formatDate(when, { language: 'fr' })).toBe('21/11/2026');
    expect(formatTime(when)).toBe('17:05');
  });

  it('uses the company time zone when given', () => {
    expect(formatDateTime('2026-11-21T16:05:00Z', { timeZone: 'Europe/London', language: 'de' })).toBe(
      '21/11/2026 16:05',
    );
    expect(formatDateTime('2026-11-21T16:05:00Z', { timeZone: null })).toBe('21/11/2026 17:05');
  });

  it('answers an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('the one formatter for exports and tariff lines too (issue 24 §6)', () => {
  it('shows unit prices with four decimals in the company format', () => {
    expect(plain(formatUnitPrice(2500, 'EUR'))).toBe('0,2500 €');
    expect(plain(formatUnitPrice(2500, 'GBP'))).toBe('£0.2500');
  });

  it('keeps the dot in coordinates, whose pair is separated by a comma', () => {
    expect(formatCoordinates(48.856614, 2.3522219)).toBe('48.85661, 2.35222');
  });

  it('shows seconds when asked, in the zone given, across the DST change', () => {
    expect(formatTime('2026-03-29T00:59:59Z', { seconds: true })).toBe('01:59:59');
    expect(formatTime('2026-03-29T01:00:00Z', { seconds: true })).toBe('03:00:00');
    expect(formatDateTime('2026-07-01T10:00:05Z', { timeZone: 'Europe/London', language: 'en', seconds: true })).toBe(
      '07/01/2026 11:00:05',
    );
  });
});
