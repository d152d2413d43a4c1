/**
 * @module The rules of a company's home-reimbursement settings as a manager saves them (issue 19 part 1,
 * ADR 046): what is required when, the ranges of the numbers, every address of the e-mail lists, and a
 * variant refused while its service setting is off for the company. Pure: the API gathers the company's
 * service settings and writes what this returns.
 */
import { VARIANT_SERVICE, VARIANTS, type Variant } from './variants';

export interface SettingsInput {
  active: boolean;
  type: 'company' | 'employee';
  /** Milli-minor units per kWh. */
  flatTariff: number | null;
  /** YYYY-MM-DD. */
  flatTariffValidFrom: string | null;
  extraExpenseEnabled: boolean;
  /** Minor units per employee and month. */
  extraExpenseLimit: number | null;
  /** Basis points: 250 = 2.5 %. */
  feeBasisPoints: number;
  contactEmails: string | null;
  alertEmails: string | null;
  recipients: string | null;
  /** Milli-minor units per kWh; null: no cap. */
  reimbursementKwhCostLimit: number | null;
  contractApproval: boolean;
  paymentProviderFlow: boolean;
  offlineStationProcess: boolean;
  skipDocumentUpload: boolean;
  fleetRuleSet: boolean;
}

export const EMAIL_LISTS = ['contactEmails', 'alertEmails', 'recipients'] as const;
type EmailList = (typeof EMAIL_LISTS)[number];

export type SettingsValues = Omit<SettingsInput, EmailList> & Record<EmailList, string | null>;

/** The message keys this module may answer (all in i18n/messages.ts). */
export type SettingsErrorKey =
  | 'reimbursementFlatTariffRequired'
  | 'reimbursementPriceInvalid'
  | 'tariffDateInvalid'
  | 'tariffAmountInvalid'
  | 'reimbursementFeeInvalid'
  | 'emailListInvalid'
  | 'reimbursementVariantNeedsService';

export type SettingsVerdict =
  | { ok: true; values: SettingsValues }
  | { ok: false; field: keyof SettingsInput; key: SettingsErrorKey; params?: Record<string, string | number> };

/** A plain address: one @, no spaces or commas, a dotted domain; at most 254 characters (RFC 5321). */
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]{2,}$/;

/** A real calendar date written YYYY-MM-DD. */
export function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The list normalized (trimmed, lower-case, de-duplicated, ", "-joined; empty is null), or the first bad address. */
export function emailList(raw: string | null): { ok: true; value: string | null } | { ok: false; address: string } {
  const parts = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const p of parts) if (p.length > 254 || !EMAIL.test(p)) return { ok: false, address: p };
  const unique = [...new Set(parts.map((p) => p.toLowerCase()))];
  return { ok: true, value: unique.length === 0 ? null : unique.join(', ') };
}

const nonNegativeInt = (n: number | null) => n === null || (Number.isInteger(n) && n >= 0);

/** Judges the settings a manager saves for a company whose service settings on are `services`. */
export function judgeSettings(input: SettingsInput, services: readonly number[]): SettingsVerdict {
  if (!nonNegativeInt(input.flatTariff)) return { ok: false, field: 'flatTariff', key: 'reimbursementPriceInvalid' };
  if (input.flatTariffValidFrom !== null && !validDate(input.flatTariffValidFrom))
    return { ok: false, field: 'flatTariffValidFrom', key: 'tariffDateInvalid' };
  if (input.active && input.type === 'company') {
    if (input.flatTariff === null) return { ok: false, field: 'flatTariff', key: 'reimbursementFlatTariffRequired' };
    if (input.flatTariffValidFrom === null)
      return { ok: false, field: 'flatTariffValidFrom', key: 'reimbursementFlatTariffRequired' };
  }
  if (!nonNegativeInt(input.extraExpenseLimit))
    return { ok: false, field: 'extraExpenseLimit', key: 'tariffAmountInvalid' };
  if (!Number.isInteger(input.feeBasisPoints) || input.feeBasisPoints < 0 || input.feeBasisPoints > 10_000)
    return { ok: false, field: 'feeBasisPoints', key: 'reimbursementFeeInvalid' };
  if (!nonNegativeInt(input.reimbursementKwhCostLimit))
    return { ok: false, field: 'reimbursementKwhCostLimit', key: 'reimbursementPriceInvalid' };
  const lists = {} as Record<EmailList, string | null>;
  for (const field of EMAIL_LISTS) {
    const list = emailList(input[field]);
    if (!list.ok) return { ok: false, field, key: 'emailListInvalid', params: { address: list.address } };
    lists[field] = list.value;
  }
  const refused = VARIANTS.find((v: Variant) => input[v] && !services.includes(VARIANT_SERVICE[v]));
  if (refused)
    return {
      ok: false,
      field: refused,
      key: 'reimbursementVariantNeedsService',
      params: { setting: VARIANT_SERVICE[refused] },
    };
  return { ok: true, values: { ...input, ...lists } };
}
