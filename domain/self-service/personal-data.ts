/**
 * @module What a change of personal data (spec 2 7.8 update-user-data) does: which IBAN is kept, cleared
 * or refused and why, and which fields change on the user and on their personal-data row. Only the
 * fields sent change; null or an empty text clears one.
 */
import { type IbanError, ibanError, ibanLengthFor, normalizeIban } from './iban';

export interface PersonalDataInput {
  firstName?: string | null;
  lastName?: string | null;
  country?: string | null;
  city?: string | null;
  district?: string | null;
  street?: string | null;
  streetNumber?: string | null;
  zip?: string | null;
  autoRechargeEnabled?: boolean;
  stationId?: number | null;
  iban?: string | null;
  ibanOwner?: string | null;
  ssn?: string | null;
  lang?: string;
}

export type IbanChange =
  | { kind: 'keep' }
  | { kind: 'clear' }
  | { kind: 'set'; normalized: string; country: string; last4: string }
  | { kind: 'invalid'; key: IbanError; params: { country: string; length: number; actual: number } };

/** The IBAN sent: none (keep), null or blank (clear), valid (set), or refused with the rule it breaks. */
export function ibanChange(iban: string | null | undefined): IbanChange {
  if (iban === undefined) return { kind: 'keep' };
  if (iban === null || iban.trim() === '') return { kind: 'clear' };
  const normalized = normalizeIban(iban);
  const key = ibanError(iban);
  if (key)
    return {
      kind: 'invalid',
      key,
      params: { country: normalized.slice(0, 2), length: ibanLengthFor(normalized) ?? 0, actual: normalized.length },
    };
  return { kind: 'set', normalized, country: normalized.slice(0, 2), last4: normalized.slice(-4) };
}

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

const ADDRESS_FIELDS = ['country', 'city', 'district', 'street', 'streetNumber', 'zip'] as const;

export interface PersonalDataChanges {
  /** Columns of the user row. */
  user: {
    firstName?: string | null;
    lastName?: string | null;
    ibanOwner?: string | null;
    ssn?: string | null;
    language?: string;
  };
  /** Columns of the personal-data row, the IBAN apart. */
  data: Partial<Record<(typeof ADDRESS_FIELDS)[number], string | null>> & {
    autoRechargeEnabled?: boolean;
    stationId?: number | null;
  };
  /** Names of the fields sent, for the audit row (never their values). */
  changed: string[];
}

export function personalDataChanges(body: PersonalDataInput): PersonalDataChanges {
  const user: PersonalDataChanges['user'] = {};
  if (body.firstName !== undefined) user.firstName = blank(body.firstName);
  if (body.lastName !== undefined) user.lastName = blank(body.lastName);
  if (body.ibanOwner !== undefined) user.ibanOwner = blank(body.ibanOwner);
  if (body.ssn !== undefined) user.ssn = blank(body.ssn);
  if (body.lang !== undefined) user.language = body.lang;
  const data: PersonalDataChanges['data'] = {};
  for (const key of ADDRESS_FIELDS) {
    if (body[key] !== undefined) data[key] = blank(body[key]);
  }
  if (body.autoRechargeEnabled !== undefined) data.autoRechargeEnabled = body.autoRechargeEnabled;
  if (body.stationId !== undefined) data.stationId = body.stationId;
  const changed = Object.keys(body).filter((k) => body[k as keyof PersonalDataInput] !== undefined);
  return { user, data, changed };
}
