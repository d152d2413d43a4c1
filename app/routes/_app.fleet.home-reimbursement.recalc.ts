/**
 * @module /fleet/home-reimbursement/recalc (POST only): the "Recalculate a month" card of the managers'
 * reimbursement list (POST /api/settings/recalc/home-reimbursements for the caller's company). A GET
 * answers 404: there is no page here.
 */
import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { must } from '../lib/fleet.server';
import { requirePermission } from '../lib/session.server';

export async function loader() {
  throw new Response('Not found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:home-reimbursement:manage');
  const form = await request.formData();
  const api = createApi(request, context, { language: me.user.language });
  const json = { year: Number(form.get('year')), month: Number(form.get('month')) };
  const res = await api.send(api.client.api.settings.recalc['home-reimbursements'].$post({ json }));
  if (res.ok) return { recalc: res.data, error: null };
  if (res.status === 403) must(res, me);
  return { recalc: null, error: res.error['error-msg'] || null };
}
