/**
 * @module Amounts typed on the wallet screens, to the integer minor units the ledger keeps: the billing
 * screens' rule (domain/billing/typed-amount.ts: digits, never float multiplication, at most the
 * currency's decimals) with a sign, since an adjustment may take money away, and a decimal comma, since
 * spec section 9 shows amounts with one outside GBP.
 */
import { currencyDecimals, majorUnitsText, minorUnitsOf } from '../billing/typed-amount';

/** Minor units of a typed signed amount ("-5.00", "12,5", "1 000"); null when it is not one. */
export function parseSignedMinor(text: string, currency: string): number | null {
  const match = /^([+-]?)(\d[\d\s\u00a0\u202f]*(?:[.,]\d+)?)$/.exec(text.trim());
  if (!match) return null;
  const [, sign = '', digits = ''] = match;
  const minor = minorUnitsOf(digits.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'), currency);
  if (minor === null) return null;
  return sign === '-' ? -minor : minor;
}

/** Minor units (0 or more) as the plain number a form field shows back ("5.00"); '' for none. */
export function minorToInput(minor: number | null | undefined, currency: string): string {
  return minor === null || minor === undefined ? '' : majorUnitsText(minor, currency);
}

export { currencyDecimals };
