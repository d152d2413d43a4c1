/** @module The company settings screen's server side: the read, and one API PUT per tab from the form. */
import type { AppLoadContext } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { GENERAL_FIELDS, type GeneralField } from '../../components/company-settings/fields';
import { type Api, createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { forbidden, type Me, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';
import { type BrandingTab, isBrandingTab, readBrandingTab, saveBrandingTabAnswer } from './branding-tabs.server';
import { type CompanyTab, isCompanyTab, readCompanyTab, saveCompanyTab } from './company-tabs.server';
import { readReimbursement, saveReimbursement } from './home-reimbursement.server';

type SettingsGet = Api['client']['api']['settings']['company'][':companyId']['$get'];
export type CompanySettings = InferResponseType<SettingsGet, 200>;

export async function readSettings(request: Request, context: AppLoadContext, companyId: string) {
  const me = await requirePermission(request, context, 'company:settings');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.settings.company[':companyId'].$get({ param: { companyId } }));
  const settings = must(result, me);
  const reimbursement = await readReimbursement(api, me, companyId);
  const canManageReimbursement = me.permissions.includes('fleet:home-reimbursement:manage');
  const tabData = await readCompanyTab(api, me, companyId, new URL(request.url).searchParams.get('tab'));
  const brandingData = await readBrandingTab(api, me, companyId, new URL(request.url).searchParams.get('tab'));
  return { me, settings, reimbursement, canManageReimbursement, tabData, brandingData };
}

type Tab = 'general' | 'services' | 'labels' | 'reimbursement' | CompanyTab | BrandingTab;

function put(
  api: Api,
  tab: Exclude<Tab, 'reimbursement' | BrandingTab | CompanyTab>,
  companyId: string,
  form: FormData,
) {
  const company = api.client.api.settings.company[':companyId'];
  const param = { companyId };
  if (tab === 'general') {
    const json = Object.fromEntries(GENERAL_FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Record<
      GeneralField,
      string
    >;
    return company.general.$put({ param, json });
  }
  if (tab === 'services') {
    const ids = String(form.get('service_settings') ?? '')
      .split(',')
      .filter((v) => v !== '')
      .map(Number);
    const on = (name: string) => form.get(name) === 'true';
    return company.services.$put({
      param,
      json: {
        service_settings: ids,
        parent_can_charge_on: on('parent_can_charge_on'),
        siblings_can_charge_on: on('siblings_can_charge_on'),
        mandatory_license_plate: on('mandatory_license_plate'),
        confirm: on('confirm'),
      },
    });
  }
  const labels = [1, 2, 3, 4].map((n) => String(form.get(`group${n}`) ?? '')) as [string, string, string, string];
  return company['group-labels'].$put({ param, json: { group_labels: labels } });
}

export interface SettingsActionData {
  tab: Tab;
  toast?: ReturnType<typeof flash>;
  error?: string;
  field?: string;
}

export async function saveTab(
  request: Request,
  context: AppLoadContext,
  companyId: string,
): Promise<{ me: Me; data: SettingsActionData; status: number }> {
  const me = await requirePermission(request, context, 'company:settings');
  const form = await request.formData();
  const tab = String(form.get('tab')) as Tab;
  if (!['general', 'services', 'labels', 'reimbursement'].includes(tab) && !isBrandingTab(tab) && !isCompanyTab(tab)) {
    return { me, data: { tab: 'general', error: '' }, status: 400 };
  }
  const api = createApi(request, context, { language: me.user.language });
  if (isBrandingTab(tab)) return { me, ...(await saveBrandingTabAnswer(api, me, tab, companyId, form)) };
  if (tab === 'reimbursement' || isCompanyTab(tab)) {
    const saved =
      tab === 'reimbursement'
        ? await saveReimbursement(api, companyId, form)
        : await saveCompanyTab(api, tab, companyId, form);
    if (saved.failure) return { me, data: { tab, error: saved.failure.key, field: saved.failure.field }, status: 400 };
    const answer = saved.result;
    const toast = flash(tab === 'reimbursement' ? 'reimbursementSettings.saved' : 'companySettings.saved');
    if (answer.ok) return { me, data: { tab, toast }, status: 200 };
    if (answer.status === 403) forbidden(me, answer.error['error-msg']);
    return { me, data: { tab, error: answer.error['error-msg'], field: answer.error.field }, status: answer.status };
  }
  const result = await api.send(put(api, tab, companyId, form));
  if (result.ok) return { me, data: { tab, toast: flash('companySettings.saved') }, status: 200 };
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  return { me, data: { tab, error: result.error['error-msg'], field: result.error.field }, status: result.status };
}
