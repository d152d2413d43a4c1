/**
 * @module VIN validation (ISO 3779), pure so that the API and the edit screen agree.
 * - exactly 17 characters, digits and capital letters except I, O and Q (typed lower-case is accepted
 *   and upper-cased);
 * - the check digit (9th character, 49 CFR 565) is mandatory only for North-American VINs (first
 *   character 1–5): European and Asian manufacturers do not use position 9 as a check digit, so
 *   checking it there would refuse real cars (e.g. most VW, Renault, Tesla Berlin VINs).
 */
import type { MessageKey } from '@i18n/messages';

const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export function normalizeVin(value: string): string {
  return value.trim().toUpperCase();
}

/** The expected 9th character of a VIN of valid characters: '0'–'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i] ?? '0';
    const value = /\d/.test(ch) ? Number(ch) : (VALUES[ch] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** Null when acceptable (an empty VIN is allowed: the VIN is optional). */
export function vinError(value: string | null | undefined): MessageKey | null {
  const vin = normalizeVin(value ?? '');
  if (vin === '') return null;
  if (vin.length !== 17) return 'vinLength';
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return 'vinCharacters';
  if (/^[1-5]/.test(vin) && vin[8] !== vinCheckDigit(vin)) return 'vinCheckDigit';
  return null;
}
