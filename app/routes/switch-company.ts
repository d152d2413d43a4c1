/**
 * @module POST /switch-company: PUT /api/me/company, then every loader revalidates in the new
 * company. When the page the user is on is a navigation entry the new company does not allow,
 * the browser goes to the new landing page instead of bouncing off a 403.
 */
import { type ActionFunctionArgs, data, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { companyName } from '../lib/companies';
import { writeToast } from '../lib/cookies.server';
import { allowedOrLanding } from '../lib/nav-permission';
import { requireUser } from '../lib/session.server';
import { type FlashToast, flash, flashText } from '../lib/toast';

export type SwitchCompanyResult =
  | { ok: true; toast: FlashToast }
  | { ok: false; forbidden: true; message: string }
  | { ok: false; forbidden?: false; toast: FlashToast };

/** Only POST does anything here; a typed-in or prefetched GET just goes home. */
export const loader = () => redirect('/');

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requireUser(request, context);
  const form = await request.formData();
  const companyId = Number(form.get('companyId'));
  const from = String(form.get('from') ?? '');
  if (!Number.isInteger(companyId) || companyId <= 0) {
    return data<SwitchCompanyResult>({ ok: false, toast: flash('common.generic', {}, true) }, { status: 400 });
  }
  const api = createApi(request, context);
  const result = await api.send(api.client.api.me.company.$put({ json: { companyId } }));
  if (result.ok) {
    const toast = flash('frame.companyChanged', { company: companyName(me.companies, companyId) ?? String(companyId) });
    const after = await api.send(api.client.api.me.$get());
    if (after.ok && allowedOrLanding(from, after.data) !== from) {
      return redirect(after.data.landing, { headers: api.headers(await writeToast(request, toast)) });
    }
    return data<SwitchCompanyResult>({ ok: true, toast }, { headers: api.headers() });
  }
  if (result.status === 403) {
    return data<SwitchCompanyResult>(
      { ok: false, forbidden: true, message: result.error['error-msg'] },
      { status: 403, headers: api.headers() },
    );
  }
  const toast = result.error['error-msg']
    ? flashText(result.error['error-msg'])
    : flash('common.undefinedError', {}, true);
  return data<SwitchCompanyResult>({ ok: false, toast }, { status: result.status, headers: api.headers() });
}
