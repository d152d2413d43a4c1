/** @module /settings: the company settings of the selected company (/settings/{companyId}). */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { requirePermission } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'company:settings');
  return redirect(`/settings/${me.company.id}`);
}
