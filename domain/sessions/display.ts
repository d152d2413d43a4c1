/**
 * @module Display rules of spec 1 section 9 for sessions: power is watts / 1000, numbers and prices
 * with a decimal comma (it-IT; en-GB for GBP), session times converted from UTC to CET
 * (Europe/Paris, so CEST in summer), start method POS for auth ids beginning `EP-`, and demo-mode
 * placeholders (1000–5000) instead of e-mails and codes.
 */

import { formatDateTime, formatDecimal, formatMoney } from '../format/format';

export const SESSION_TIME_ZONE = 'Europe/Paris';
export const DEMO_MIN = 1000;
export const DEMO_MAX = 5000;

/** Power in kW from watts: 22000 → "22,0 kW". */
export function powerKw(watts: number | null | undefined): string {
  if (watts === null || watts === undefined) return '—';
  return `${formatDecimal(watts / 1000, 1)} kW`;
}

/** A price in minor units: 1234 EUR → "12,34 €". Null means unpriced, never 0. */
export function money(minor: number | null | undefined, currency = 'EUR'): string | null {
  if (minor === null || minor === undefined) return null;
  return formatMoney(minor, currency);
}

/** Seconds as h:mm:ss (hours unbounded): 3725 → "1:02:05". */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A UTC instant shown in CET: day/month/year hh:mm, or month/day/year in English, as the spec says.
 */
export function cetDateTime(utc: string | number | Date | null | undefined, language = 'it', seconds = false): string {
  if (utc === null || utc === undefined || utc === '') return '—';
  return formatDateTime(utc, { timeZone: SESSION_TIME_ZONE, language, seconds }) || '—';
}

/** Start method as displayed: an auth id beginning EP- was started at a payment terminal (POS). */
export function displayStartMethod(authId: string | null | undefined, startMethod: string | null | undefined): string {
  if (authId?.startsWith('EP-')) return 'POS';
  return startMethod ?? '—';
}

/** QR payments show provider (emp) prices only. */
export function isQrPayment(startMethod: string | null | undefined): boolean {
  return (startMethod ?? '').toUpperCase() === 'QR';
}

/**
 * Demo mode: a stable placeholder in 1000–5000 for an e-mail or code, so the same driver keeps the
 * same number on every line (FNV-1a hash; not reversible to the value in practice for a viewer).
 */
export function demoPlaceholder(value: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return String(DEMO_MIN + (h % (DEMO_MAX - DEMO_MIN + 1)));
}
