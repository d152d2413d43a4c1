/**
 * @module /fleet/home-reimbursement/user/{userId}/payout-account (POST only): deletes the employee's Stripe
 * payout account (DELETE /api/stripe/account/user/{userId}), for DeletePayoutAccountButton.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { fleetId } from '../lib/fleet.server';
import { requirePermission } from '../lib/session.server';

export async function action({ request, context, params }: ActionFunctionArgs) {
  const userId = fleetId(params.userId);
  const me = await requirePermission(request, context, 'payout-accounts:delete');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.stripe.account.user[':userId'].$delete({ param: { userId: String(userId) } }),
  );
  if (!result.ok) return data({ ok: false, error: result.error['error-msg'] }, { status: result.status });
  return { ok: true };
}

/** No page here: a GET is the not-found page. */
export function loader(_: LoaderFunctionArgs) {
  throw data({ message: 'Not found' }, { status: 404 });
}
