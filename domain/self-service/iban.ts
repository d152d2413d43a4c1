/**
 * @module IBAN validation (ISO 13616): country code, the country's length, the check digits by
 * mod-97. Spaces (and lower case) are accepted on input; the stored form is normalized: upper case,
 * no spaces. The length table covers the IBAN registry's countries.
 */

/** IBAN length per country (ISO 13616 registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

export type IbanError = 'ibanCharacters' | 'ibanCountry' | 'ibanLength' | 'ibanChecksum';

/** Upper case without spaces: the form that is checked and stored. */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** The remainder of the IBAN's numeric form (country and check digits moved to the end) by 97. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    // Letters become two digits (A=10 .. Z=35); digits stay one.
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder;
}

/** Why the IBAN is invalid, or null when it is valid; `input` may contain spaces. */
export function ibanError(input: string): IbanError | null {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return 'ibanCharacters';
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return 'ibanCountry';
  if (iban.length !== length) return 'ibanLength';
  return mod97(iban) === 1 ? null : 'ibanChecksum';
}

export function isValidIban(input: string): boolean {
  return ibanError(input) === null;
}

/** The expected length for the IBAN's country, for the message; null for an unknown country. */
export function ibanLengthFor(input: string): number | null {
  return IBAN_LENGTHS[normalizeIban(input).slice(0, 2)] ?? null;
}

/** What lists and forms show: country, then bullets, then the last four characters. */
export function maskIban(country: string | null, last4: string | null): string | null {
  if (!country || !last4) return null;
  return `${country}•• •••• ${last4}`;
}

/** A national id shown with only its last two characters. */
export function maskSecret(value: string | null): string | null {
  if (!value) return null;
  return value.length <= 2 ? '••' : `${'•'.repeat(Math.min(value.length - 2, 8))}${value.slice(-2)}`;
}
