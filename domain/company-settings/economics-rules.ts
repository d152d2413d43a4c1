/**
 * @module The economics tab's rules (issue 20 part 2, ADR 036 addendum): the fees the platform bills the
 * company, its kWh net cost, the QR payments' pre-authorization amount (ADR 045), the billing cycle
 * anchor (a day 1–28 or `eom`, spec 9) and the contract. Amounts are integers: money in minor units of the
 * company currency, the kWh cost in milli-minor units per kWh (like tariffs). Absent keeps the stored
 * value, null clears it. Pure: the API reads the stored values and the currency, writes what this returns.
 */
import type { MessageKey } from '@i18n/messages';
import { parseAnchor } from '../billing/subscriptions';
import { formatMoney } from '../format/format';
import { validDate } from '../reimbursement/settings-input';

export const FEE_FIELDS = [
  'keyfob_fee',
  'saas_fee',
  'cpms_fee',
  'monthly_connector_fee',
  'monthly_sim_fee',
  'annual_platform_fee',
] as const;

/**
 * What the vendor's team sets: what the platform bills the company and under which contract. Spec 6
 * gives role 37 "everything except the vendor team's tasks", so only super users (50, 51) change these.
 */
export const VENDOR_FIELDS = [
  ...FEE_FIELDS,
  'billing_cycle_anchor',
  'contract_number',
  'contract_start_date',
  'contract_end_date',
] as const;

export interface EconomicsValues {
  keyfob_fee: number | null;
  saas_fee: number | null;
  cpms_fee: number | null;
  monthly_connector_fee: number | null;
  monthly_sim_fee: number | null;
  annual_platform_fee: number | null;
  /** Milli-minor units per kWh. */
  kwh_net_cost: number | null;
  /** Minor units held on the driver's card when a QR payment starts; null: QR payments refused. */
  pre_authorization_amount: number | null;
  /** '1'…'28' or 'eom'. */
  billing_cycle_anchor: string | null;
  contract_number: string | null;
  /** YYYY-MM-DD. */
  contract_start_date: string | null;
  contract_end_date: string | null;
}
export type EconomicsField = keyof EconomicsValues;
export type EconomicsInput = Partial<EconomicsValues>;

/** A fee is at most a million of the currency's major units. */
export const FEE_MAX_MAJOR = 1_000_000;
/** A kWh net cost is at most 10 major units per kWh. */
export const KWH_COST_MAX_MAJOR = 10;
/** The hold of a QR payment: at least 1 and at most 500 major units (e.g. 1.00 € to 500.00 €). */
export const PRE_AUTHORIZATION_MIN_MAJOR = 1;
export const PRE_AUTHORIZATION_MAX_MAJOR = 500;
export const CONTRACT_NUMBER_MAX = 200;

/** Digits after the decimal point of the currency's minor unit (2 for EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The bounds of each amount in the API's integers for `currency`. */
export function economicsBounds(currency: string) {
  const perMajor = 10 ** currencyDigits(currency);
  return {
    fee: { min: 0, max: FEE_MAX_MAJOR * perMajor },
    kwh: { min: 0, max: KWH_COST_MAX_MAJOR * perMajor * 1000 },
    preAuthorization: { min: PRE_AUTHORIZATION_MIN_MAJOR * perMajor, max: PRE_AUTHORIZATION_MAX_MAJOR * perMajor },
  };
}

export type EconomicsVerdict =
  | { ok: true; values: EconomicsValues }
  | { ok: false; field: EconomicsField; key: MessageKey; params?: Record<string, string | number> };

const inRange = (n: number | null | undefined, r: { min: number; max: number }) =>
  n === null || n === undefined || (Number.isInteger(n) && n >= r.min && n <= r.max);

/** The vendor fields whose value the input changes (a value equal to the stored one is no change). */
export function vendorFieldsChanged(input: EconomicsInput, stored: EconomicsValues): EconomicsField[] {
  return VENDOR_FIELDS.filter((f) => input[f] !== undefined && input[f] !== stored[f]);
}

/** The stored values after the input, or the first field it breaks and why. */
export function judgeEconomics(input: EconomicsInput, stored: EconomicsValues, currency: string): EconomicsVerdict {
  const bounds = economicsBounds(currency);
  const money = (n: number) => formatMoney(n, currency);
  for (const field of FEE_FIELDS)
    if (!inRange(input[field], bounds.fee))
      return { ok: false, field, key: 'economicsAmountInvalid', params: { min: money(0), max: money(bounds.fee.max) } };
  if (!inRange(input.kwh_net_cost, bounds.kwh))
    return {
      ok: false,
      field: 'kwh_net_cost',
      key: 'economicsAmountInvalid',
      params: { min: money(0), max: money(bounds.kwh.max / 1000) },
    };
  if (!inRange(input.pre_authorization_amount, bounds.preAuthorization))
    return {
      ok: false,
      field: 'pre_authorization_amount',
      key: 'preAuthorizationRange',
      params: { min: money(bounds.preAuthorization.min), max: money(bounds.preAuthorization.max) },
    };
  const anchor = input.billing_cycle_anchor;
  if (
    anchor !== undefined &&
    anchor !== null &&
    (parseAnchor(anchor) === null || String(parseAnchor(anchor)) !== anchor)
  )
    return { ok: false, field: 'billing_cycle_anchor', key: 'billingAnchorInvalid' };
  if ((input.contract_number?.length ?? 0) > CONTRACT_NUMBER_MAX)
    return { ok: false, field: 'contract_number', key: 'companyTextTooLong' };
  for (const field of ['contract_start_date', 'contract_end_date'] as const) {
    const date = input[field];
    if (date !== undefined && date !== null && !validDate(date)) return { ok: false, field, key: 'tariffDateInvalid' };
  }
  const values = { ...stored };
  for (const [field, value] of Object.entries(input) as [EconomicsField, EconomicsValues[EconomicsField]][])
    if (value !== undefined) (values as Record<EconomicsField, unknown>)[field] = value;
  if (values.contract_start_date && values.contract_end_date && values.contract_end_date < values.contract_start_date)
    return { ok: false, field: 'contract_end_date', key: 'contractDatesOrder' };
  return { ok: true, values };
}
