/** @module POST /switch-company: PUT /api/me/company, then every loader revalidates in the new company. */
import { type ActionFunctionArgs, data } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { companyName } from '../lib/companies';
import { requireUser } from '../lib/session.server';
import { type FlashToast, flash, flashText } from '../lib/toast';

export type SwitchCompanyResult =
  | { ok: true; toast: FlashToast }
  | { ok: false; forbidden: true; message: string }
  | { ok: false; forbidden?: false; toast: FlashToast };

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requireUser(request, context);
  const companyId = Number((await request.formData()).get('companyId'));
  if (!Number.isInteger(companyId) || companyId <= 0) {
    return data<SwitchCompanyResult>({ ok: false, toast: flash('common.generic', {}, true) }, { status: 400 });
  }
  const api = createApi(request, context);
  const result = await api.send(api.client.api.me.company.$put({ json: { companyId } }));
  const headers = api.headers();
  if (result.ok) {
    const company = companyName(me.companies, companyId) ?? String(companyId);
    return data<SwitchCompanyResult>({ ok: true, toast: flash('frame.companyChanged', { company }) }, { headers });
  }
  if (result.status === 403) {
    return data<SwitchCompanyResult>(
      { ok: false, forbidden: true, message: result.error['error-msg'] },
      { status: 403, headers },
    );
  }
  const toast = result.error['error-msg']
    ? flashText(result.error['error-msg'])
    : flash('common.undefinedError', {}, true);
  return data<SwitchCompanyResult>({ ok: false, toast }, { status: result.status, headers });
}
