/**
 * @module The reimbursement detail page's loader and action: the reimbursement (404 unless it is this user's
 * and in the caller's scope), a status change (`changeStatusFromForm`), and "Pay now" for a Stripe payout
 * (POST /reimbursement/{id}/payout, the payouts part's call).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { changeStatusFromForm } from '../../components/reimbursement/reimbursement-status.server';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { forbidden, requirePermission } from '../../lib/session.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const userId = fleetId(params.userId);
  const reimbursementId = fleetId(params.reimbursementId);
  const me = await requirePermission(request, context, 'fleet:home-reimbursement');
  const api = createApi(request, context, { language: me.user.language });
  const found = must(
    await api.send(
      api.client.api.reimbursement[':reimbursementId'].$get({ param: { reimbursementId: String(reimbursementId) } }),
    ),
    me,
  );
  // The URL names the employee: another employee's id in it is a page that does not exist.
  if (found.userId !== userId) throw data({ message: 'Not found', landing: me.landing }, { status: 404 });
  return { reimbursement: found, canManage: me.permissions.includes('fleet:home-reimbursement:manage') };
}

export interface PayAnswer {
  intent: 'pay';
  ok: boolean;
  error?: string;
  /** The payout call is not there (yet): the button says "not yet available". */
  unavailable?: boolean;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  fleetId(params.userId);
  const reimbursementId = String(fleetId(params.reimbursementId));
  const form = await request.formData();
  if (String(form.get('intent')) !== 'pay') {
    const me = await requirePermission(request, context, 'personal:home-reimbursement');
    return changeStatusFromForm(request, context, me, form);
  }
  const me = await requirePermission(request, context, 'fleet:home-reimbursement:manage');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.reimbursement[':reimbursementId'].payout.$post({ param: { reimbursementId } }),
  );
  if (result.ok) return data<PayAnswer>({ intent: 'pay', ok: true });
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  // A 404 without the API's code is a missing route, not a missing reimbursement.
  const unavailable = result.status === 404 && result.error.code !== 'REIMBURSEMENT_NOT_FOUND';
  return data<PayAnswer>(
    { intent: 'pay', ok: false, unavailable, error: unavailable ? undefined : result.error['error-msg'] },
    { status: result.status },
  );
}
