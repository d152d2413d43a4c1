/** @module /my-sessions/{id}/safe: one of the caller's own sessions' signed meter values as the S.A.F.E. XML file (streamed through). */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { passDownload } from '../lib/download.server';
import { fleetId, must } from '../lib/fleet.server';
import { FORBIDDEN_PAGE, requireDownloadPermission } from '../lib/session.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const sessionId = String(fleetId(params.id));
  const me = await requireDownloadPermission(request, context, 'personal:self-charge');
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.client.api['my-sessions'][':sessionId']['signed-meter-values'].safe.$get({
    param: { sessionId },
  });
  if (res.status === 403) throw redirect(FORBIDDEN_PAGE);
  if (!res.ok) must(await api.read(res), me);
  return passDownload(res);
}
