/**
 * @module Fleet user validation rules of the specification (section 5), pure so that the API, the
 * wizard and the import share them: French license plates, the decimal dot, limits where zero
 * removes the limit, at least one charging permission.
 */
import type { MessageKey } from '@i18n/messages';

/** The French SIV pattern, e.g. AB-999-CD (letters upper-cased before matching). */
export const LICENSE_PLATE_PATTERN = /^[A-Z]{2}-\d{3}-[A-Z]{2}$/;

export function normalizePlate(value: string): string {
  return value.trim().toUpperCase();
}

/** Null when acceptable; `mandatory` is the company's mandatory-license-plate setting. */
export function licensePlateError(value: string | null | undefined, mandatory: boolean): MessageKey | null {
  const plate = normalizePlate(value ?? '');
  if (plate === '') return mandatory ? 'licensePlateRequired' : null;
  return LICENSE_PLATE_PATTERN.test(plate) ? null : 'licensePlateInvalid';
}

export type LimitUnitKind = 'kwh' | 'currency';

export type ParsedLimit = { ok: true; value: number | null } | { ok: false; error: MessageKey };

/**
 * A limit as typed: a number, or a string with a dot as decimal separator. Zero (or empty) removes the
 * limit (null). kWh limits are whole kWh (the charger compares Wh with limit * 1000); currency limits
 * have at most two decimals and are returned in minor units.
 */
export function parseLimit(input: number | string | null | undefined, unit: LimitUnitKind): ParsedLimit {
  if (input === null || input === undefined) return { ok: true, value: null };
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text === '') return { ok: true, value: null };
  if (/^\d+,\d+$/.test(text)) return { ok: false, error: 'decimalDot' };
  if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, error: 'limitInvalid' };
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > 1_000_000) return { ok: false, error: 'limitInvalid' };
  if (n === 0) return { ok: true, value: null };
  if (unit === 'kwh') return Number.isInteger(n) ? { ok: true, value: n } : { ok: false, error: 'limitInvalid' };
  const decimals = text.split('.')[1]?.length ?? 0;
  if (decimals > 2) return { ok: false, error: 'limitInvalid' };
  return { ok: true, value: Math.round(n * 100) };
}

export interface ChargingPermissions {
  can_charge_public: boolean;
  can_charge_work: boolean;
  can_charge_home: boolean;
  only_private: boolean;
}

export function hasChargingPermission(p: ChargingPermissions): boolean {
  return p.can_charge_public || p.can_charge_work || p.can_charge_home || p.only_private;
}

/** Wizard e-mail check: mandatory, then a plausible address (the API's zod check agrees). */
export function emailError(value: string | null | undefined): MessageKey | null {
  const email = (value ?? '').trim();
  if (email === '') return 'emailRequired';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? null : 'emailInvalid';
}
