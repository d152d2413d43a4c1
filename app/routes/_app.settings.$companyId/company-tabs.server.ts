/**
 * @module The server side of the economics, invoice data and notification channels tabs (issue 20
 * part 2): each tab's read (only for the tab shown) and its save from the form. The economics form's
 * decimals become the API's integers here (money in minor units, the kWh cost in milli-minor units).
 */
import { currencyDigits, FEE_FIELDS } from '@domain/company-settings/economics-rules';
import { NOTIFICATION_TYPES } from '@domain/company-settings/notification-rules';
import type { InferResponseType } from 'hono/client';
import type { Api } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import type { Me } from '../../lib/session.server';
import { scaled } from './home-reimbursement.server';

export const COMPANY_TABS = ['economics', 'invoice', 'notifications'] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];
export const isCompanyTab = (tab: string | null): tab is CompanyTab =>
  (COMPANY_TABS as readonly string[]).includes(tab ?? '');

type Company = Api['client']['api']['settings']['company'][':companyId'];
export type Economics = InferResponseType<Company['economics']['$get'], 200>;
export type InvoiceData = InferResponseType<Company['invoice-data']['$get'], 200>;
export type Notifications = InferResponseType<Company['notifications']['$get'], 200>;
export type CompanyTabData =
  | { tab: 'economics'; economics: Economics }
  | { tab: 'invoice'; invoice: InvoiceData }
  | { tab: 'notifications'; notifications: Notifications };

/** The data of the tab shown, or null for the other tabs. */
export async function readCompanyTab(
  api: Api,
  me: Me,
  companyId: string,
  tab: string | null,
): Promise<CompanyTabData | null> {
  const company = api.client.api.settings.company[':companyId'];
  const param = { companyId };
  if (tab === 'economics') return { tab, economics: must(await api.send(company.economics.$get({ param })), me) };
  if (tab === 'invoice') return { tab, invoice: must(await api.send(company['invoice-data'].$get({ param })), me) };
  if (tab === 'notifications')
    return { tab, notifications: must(await api.send(company.notifications.$get({ param })), me) };
  return null;
}

/** A form failure before the API is called: the field and the i18n key of its message. */
export interface TabFormFailure {
  field: string;
  key: 'companySettingsMoney.decimalInvalid';
}

const AMOUNTS = [...FEE_FIELDS, 'kwh_net_cost', 'pre_authorization_amount'] as const;
const TEXTS = ['billing_cycle_anchor', 'contract_number', 'contract_start_date', 'contract_end_date'] as const;

/**
 * The economics PUT body from the form: a field the form did not send (a disabled input: vendor fields
 * for an admin who is not a super user) is left out, so the API keeps it; an empty one is null.
 */
export function economicsBody(form: FormData, currency: string) {
  const digits = currencyDigits(currency);
  const body: Record<string, number | string | null> = {};
  for (const field of AMOUNTS) {
    if (!form.has(field)) continue;
    const parsed = scaled(form.get(field), field === 'kwh_net_cost' ? digits + 3 : digits);
    if (!parsed.ok) return { failure: { field, key: 'companySettingsMoney.decimalInvalid' } as TabFormFailure };
    body[field] = parsed.value;
  }
  for (const field of TEXTS) if (form.has(field)) body[field] = String(form.get(field)).trim() || null;
  return { body };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

export function notificationsBody(form: FormData) {
  const limit = text(form, 'soc_limit').trim();
  return {
    notification_types: NOTIFICATION_TYPES.filter((t) => form.get(`type_${t}`) === 'true').map((type) => ({
      type,
      emails: text(form, `emails_${type}`),
    })),
    soc_notification_type: text(form, 'soc_notification_type') || null,
    soc_limit: limit === '' ? null : Number(limit),
    alert_countries: text(form, 'alert_countries')
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== ''),
  };
}

const INVOICE_FIELDS = [
  'bank_name',
  'iban',
  'bic',
  'invoice_footer',
  'description_en',
  'description_it',
  'description_fr',
  'description_de',
] as const;

/** Sends the tab's form; a form failure is answered without calling the API. */
export async function saveCompanyTab(api: Api, tab: CompanyTab, companyId: string, form: FormData) {
  const company = api.client.api.settings.company[':companyId'];
  const param = { companyId };
  if (tab === 'economics') {
    const built = economicsBody(form, text(form, 'currency') || 'EUR');
    if (built.failure) return { failure: built.failure };
    return { result: await api.send(company.economics.$put({ param, json: built.body })) };
  }
  if (tab === 'invoice') {
    const json = Object.fromEntries(INVOICE_FIELDS.map((f) => [f, text(form, f)]));
    return { result: await api.send(company['invoice-data'].$put({ param, json })) };
  }
  return { result: await api.send(company.notifications.$put({ param, json: notificationsBody(form) })) };
}
