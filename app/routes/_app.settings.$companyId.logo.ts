/**
 * @module POST /settings/{companyId}/logo (ADR 049): the graphic customisation tab's logo form. An upload
 * streams the browser's multipart body to the API's POST /settings/company/{companyId}/logo untouched
 * (the API caps it at 1 MB and reads the type from the bytes); `?intent=delete` removes the logo. Either
 * way the browser goes back to the tab with a toast; `company:settings`, the API checks the scope.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { writeToast } from '../lib/cookies.server';
import { fleetId } from '../lib/fleet.server';
import { forbidden, requirePermission } from '../lib/session.server';
import { flash, flashText } from '../lib/toast';

/** No page here (the tab POSTs): a GET finds a missing page. */
export function loader(_: LoaderFunctionArgs) {
  throw data({ message: 'Not found' }, { status: 404 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'company:settings');
  const companyId = String(fleetId(params.companyId));
  const api = createApi(request, context, { language: me.user.language });
  const logo = api.client.api.settings.company[':companyId'].logo;
  const deleting = new URL(request.url).searchParams.get('intent') === 'delete';
  const init = {
    body: request.body,
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    duplex: 'half',
  } as RequestInit;
  const result = await api.send(
    deleting ? logo.$delete({ param: { companyId } }) : logo.$post({ param: { companyId } }, { init }),
  );
  if (!result.ok && result.status === 403) forbidden(me, result.error['error-msg']);
  const toast = result.ok
    ? flash(deleting ? 'companyBranding.logoRemoved' : 'companyBranding.logoSaved')
    : flashText(result.error['error-msg']);
  return redirect(`/settings/${companyId}?tab=graphics`, { headers: api.headers(await writeToast(request, toast)) });
}
