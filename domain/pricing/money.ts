/**
 * @module Integer money arithmetic of the pricing engine: decimal parsing into fixed-point integers and
 * the one rounding rule (half up, to the minor unit) every amount goes through.
 */
import type { Dimension } from './types';

/** Fixed-point scale of tariff unit prices: four decimals of the major unit, as OCPI numbers. */
export const PRICE_SCALE = 10_000;

/** "0.25" → 2500: a decimal string or number with up to four decimals, as an integer of 1/10,000. */
export function dec4(value: string | number): number {
  return toFixed(value, 4);
}

/** "5.2" → 520: a VAT percentage as basis points. */
export function vatBp(percent: string | number): number {
  return toFixed(percent, 2);
}

/** "12.34" → 1234 (with 2 minor digits): a major-unit amount as minor units. */
export function minor(value: string | number, digits = 2): number {
  return toFixed(value, digits);
}

function toFixed(value: string | number, decimals: number): number {
  const text = typeof value === 'number' ? value.toFixed(decimals + 2) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = `${fraction}00000000`;
  const kept = Number(`${whole}${padded.slice(0, decimals)}`);
  // Round half up on the first dropped digit (a JSON 0.1 arrives as 0.100000…01 or 0.0999…9).
  const rounded = kept + (Number(padded[decimals]) >= 5 ? 1 : 0);
  return sign === '-' ? -rounded : rounded;
}

/** numerator / denominator rounded half up (away from zero for negatives); both integers, den > 0. */
export function roundDiv(numerator: number, denominator: number): number {
  if (numerator < 0) return -roundDiv(-numerator, denominator);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Denominator turning `quantity × unitPrice` into minor units: quantities are Wh (price per kWh),
 * ms (price per hour) or 1 (flat); prices are 1/10,000 major unit.
 */
export function amountDenominator(dimension: Dimension | 'RESERVATION_TIME' | 'RESERVATION_FLAT', minorDigits: number) {
  const toMinor = PRICE_SCALE / 10 ** minorDigits;
  switch (dimension) {
    case 'ENERGY':
      return 1000 * toMinor;
    case 'TIME':
    case 'PARKING_TIME':
    case 'RESERVATION_TIME':
      return 3_600_000 * toMinor;
    default:
      return toMinor;
  }
}

/** Amounts are carried in thousandths of the minor unit until totals are rounded once (ADR 009). */
export const MILLI = 1000;

/** `quantity × unitPrice` in thousandths of the minor unit, rounded half up. */
export function exactAmount(quantity: number, unitPrice: number, denominator: number): number {
  return denominator % MILLI === 0
    ? roundDiv(quantity * unitPrice, denominator / MILLI)
    : roundDiv(quantity * unitPrice * MILLI, denominator);
}

/** VAT on an exact amount (thousandths of the minor unit), rounded half up; none when bp is null. */
export function vatOf(exactExclVat: number, bp: number | null): number {
  return bp === null ? 0 : roundDiv(exactExclVat * bp, 10_000);
}
