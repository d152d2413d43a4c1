/**
 * @module The home-reimbursement tab's server side: its read (only for a caller with
 * 'fleet:home-reimbursement') and its save, which turns the typed decimals into the API's integers
 * (prices per kWh in milli-minor units, money in minor units, the fee in basis points).
 */
import { parseDecimal } from '@domain/format/format';
import type { InferResponseType } from 'hono/client';
import type { Api } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import type { Me } from '../../lib/session.server';

type SettingsGet = Api['client']['api']['fleet-reimbursement']['settings']['$get'];
export type ReimbursementSettings = InferResponseType<SettingsGet, 200>;

/** The company's reimbursement settings, or null when the caller may not see them. */
export async function readReimbursement(api: Api, me: Me, companyId: string): Promise<ReimbursementSettings | null> {
  if (!me.permissions.includes('fleet:home-reimbursement')) return null;
  const result = await api.send(api.client.api['fleet-reimbursement'].settings.$get({ query: { companyId } }));
  return must(result, me);
}

/** Digits after the decimal point of the currency's minor unit (2 for EUR, 0 for JPY). */
function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A form failure before the API is called: the field and the i18n key of its message. */
export interface FormFailure {
  field: string;
  key: 'reimbursementSettings.decimalInvalid' | 'reimbursementSettings.feeInvalid';
}

type Parsed = { ok: true; value: number | null } | { ok: false };

/** A typed decimal scaled to an integer with `decimals` places; empty is null. */
export function scaled(raw: FormDataEntryValue | null, decimals: number): Parsed {
  const text = String(raw ?? '').trim();
  if (text === '') return { ok: true, value: null };
  const parsed = parseDecimal(text, { maxDecimals: decimals });
  if (!parsed.ok) return { ok: false };
  return { ok: true, value: Math.round(parsed.value * 10 ** decimals) };
}

/** The PUT body from the tab's form, or the first field that is not a number. */
export function reimbursementBody(form: FormData, currency: string) {
  const digits = minorDigits(currency);
  const flag = (name: string) => form.get(name) === 'true';
  const text = (name: string) => {
    const v = String(form.get(name) ?? '').trim();
    return v === '' ? null : v;
  };
  const perKwh = digits + 3;
  const numbers = {
    flatTariff: scaled(form.get('flatTariff'), perKwh),
    reimbursementKwhCostLimit: scaled(form.get('reimbursementKwhCostLimit'), perKwh),
    extraExpenseLimit: scaled(form.get('extraExpenseLimit'), digits),
    feeBasisPoints: scaled(form.get('feePercent'), 2),
  };
  for (const [field, parsed] of Object.entries(numbers)) {
    if (!parsed.ok) {
      const key =
        field === 'feeBasisPoints' ? 'reimbursementSettings.feeInvalid' : 'reimbursementSettings.decimalInvalid';
      return { failure: { field, key } as FormFailure };
    }
  }
  const value = (p: Parsed) => (p.ok ? p.value : null);
  return {
    body: {
      active: flag('active'),
      type: form.get('type') === 'employee' ? ('employee' as const) : ('company' as const),
      flatTariff: value(numbers.flatTariff),
      flatTariffValidFrom: text('flatTariffValidFrom'),
      extraExpenseEnabled: flag('extraExpenseEnabled'),
      extraExpenseLimit: value(numbers.extraExpenseLimit),
      feeBasisPoints: value(numbers.feeBasisPoints) ?? 0,
      contactEmails: text('contactEmails'),
      alertEmails: text('alertEmails'),
      recipients: text('recipients'),
      reimbursementKwhCostLimit: value(numbers.reimbursementKwhCostLimit),
      contractApproval: flag('contractApproval'),
      paymentProviderFlow: flag('paymentProviderFlow'),
      offlineStationProcess: flag('offlineStationProcess'),
      skipDocumentUpload: flag('skipDocumentUpload'),
      fleetRuleSet: flag('fleetRuleSet'),
    },
  };
}

/** Sends the tab's form; a form failure is answered without calling the API. */
export async function saveReimbursement(api: Api, companyId: string, form: FormData) {
  const built = reimbursementBody(form, String(form.get('currency') ?? 'EUR'));
  if (built.failure) return { failure: built.failure };
  const put = api.client.api['fleet-reimbursement'].settings[':companyId'].$put({
    param: { companyId },
    json: built.body,
  });
  return { result: await api.send(put) };
}
