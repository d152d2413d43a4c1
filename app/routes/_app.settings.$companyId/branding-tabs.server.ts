/**
 * @module The server side of the graphic customisation, mobile app customisation and reports tabs
 * (issue 20 parts 2 and 7, ADR 049): each tab's read (only for the tab shown) and its save from the
 * form. The logo is not part of these forms: it is posted to /settings/{companyId}/logo.
 */
import type { InferResponseType } from 'hono/client';
import type { Api, ApiResult } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { forbidden, type Me } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export const BRANDING_TABS = ['reports', 'graphics', 'app'] as const;
export type BrandingTab = (typeof BRANDING_TABS)[number];
export const isBrandingTab = (tab: string | null): tab is BrandingTab =>
  (BRANDING_TABS as readonly string[]).includes(tab ?? '');

type Company = Api['client']['api']['settings']['company'][':companyId'];
export type Branding = InferResponseType<Company['branding']['$get'], 200>;
export type AppChoice = InferResponseType<Company['app-customization']['$get'], 200>;
export type ReportSettings = InferResponseType<Api['client']['api']['company']['reports']['$get'], 200>;
export type BrandingTabData =
  | { tab: 'graphics'; branding: Branding }
  | { tab: 'app'; app: AppChoice; canEditCatalog: boolean }
  | { tab: 'reports'; reports: ReportSettings };

/** The data of the tab shown, or null for the other tabs. */
export async function readBrandingTab(
  api: Api,
  me: Me,
  companyId: string,
  tab: string | null,
): Promise<BrandingTabData | null> {
  const company = api.client.api.settings.company[':companyId'];
  const param = { companyId };
  if (tab === 'graphics') return { tab, branding: must(await api.send(company.branding.$get({ param })), me) };
  if (tab === 'app') {
    const app = must(await api.send(company['app-customization'].$get({ param })), me);
    return { tab, app, canEditCatalog: me.permissions.includes('companies:manage') };
  }
  if (tab === 'reports') {
    const query = { company_id: companyId };
    return { tab, reports: must(await api.send(api.client.api.company.reports.$get({ query })), me) };
  }
  return null;
}

const on = (form: FormData, name: string) => form.get(name) === 'true';
const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** Saves the tab from its form; the API's answer (its refusal names the field). */
export function saveBrandingTab(
  api: Api,
  tab: BrandingTab,
  companyId: string,
  form: FormData,
): Promise<ApiResult<unknown>> {
  const company = api.client.api.settings.company[':companyId'];
  const param = { companyId };
  if (tab === 'graphics') {
    const json = {
      brand_color: text(form, 'brand_color') || null,
      title: text(form, 'title') || null,
      white_label: on(form, 'white_label'),
      demo_mode: on(form, 'demo_mode'),
    };
    return api.send(company.branding.$put({ param, json }));
  }
  if (tab === 'app' && form.get('intent') === 'add') {
    // A super user adds a customisation to the catalog (the API refuses anyone else).
    return api.send(api.client.api['app-customizations'].$post({ json: { name: text(form, 'name') } }));
  }
  if (tab === 'app') {
    const chosen = Number(text(form, 'app_customization_customers_id'));
    const json = { app_customization_customers_id: Number.isInteger(chosen) && chosen > 0 ? chosen : null };
    return api.send(company['app-customization'].$put({ param, json }));
  }
  const json = {
    company_id: Number(companyId),
    monthly_revenue: on(form, 'monthly_revenue'),
    quarterly_revenue: on(form, 'quarterly_revenue'),
    recipients: text(form, 'recipients') || null,
  };
  return api.send(api.client.api.company.reports.$put({ json }));
}

/** The action's answer for one of these tabs: a toast when saved, the API's refusal (and its field) otherwise. */
export async function saveBrandingTabAnswer(api: Api, me: Me, tab: BrandingTab, companyId: string, form: FormData) {
  const answer = await saveBrandingTab(api, tab, companyId, form);
  if (answer.ok) return { data: { tab, toast: flash('companySettings.saved') }, status: 200 };
  if (answer.status === 403) forbidden(me, answer.error['error-msg']);
  return { data: { tab, error: answer.error['error-msg'], field: answer.error.field }, status: answer.status };
}
