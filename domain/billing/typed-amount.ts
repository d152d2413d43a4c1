/**
 * @module Amounts typed on the billing screens (a dot as decimal separator, spec section 5) to and from integer minor
 * units with the currency's decimals, computed on the digits, never by float multiplication.
 */

/** The digits after the decimal point of a currency (2 for EUR, 0 for JPY), from the runtime's ISO data. */
export function currencyDecimals(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * An amount typed on a screen in major units with a dot ("12.5") → integer minor units (1250); null when it is
 * not a plain non-negative number with at most the currency's decimals. Computed on the digits, never a float
 * multiplication (12.29 × 100 is 1228.9999…).
 */
export function minorUnitsOf(typed: string, currency: string): number | null {
  const places = currencyDecimals(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(typed.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > places) return null;
  const value = Number(whole + fraction.padEnd(places, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/** Minor units → the plain major-unit text a form field shows back ("12.50"). */
export function majorUnitsText(minor: number, currency: string): string {
  const places = currencyDecimals(currency);
  if (places === 0) return String(minor);
  const digits = String(minor).padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
