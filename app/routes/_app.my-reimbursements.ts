/**
 * @module /my-reimbursements: the resource route of the employee's "My reimbursements" card (action only):
 * validating their own month, with the extra expense where the company allows one. The API decides that the
 * caller is the reimbursed employee; anyone else's month answers not found.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { changeStatusFromForm } from '../components/reimbursement/reimbursement-status.server';
import { requirePermission } from '../lib/session.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:home-reimbursement');
  return changeStatusFromForm(request, context, me, await request.formData());
}

/** No page here (the card POSTs): a GET is the not-found page. */
export function loader(_: LoaderFunctionArgs) {
  throw data({ message: 'Not found' }, { status: 404 });
}
