/** @module /reports/revenue/{id}/pdf: a revenue report's PDF (GET /api/revenue-reports/{id}/pdf, streamed through). */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { passDownload } from '../lib/download.server';
import { fleetId, must } from '../lib/fleet.server';
import { FORBIDDEN_PAGE, requireDownloadPermission } from '../lib/session.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // A malformed id is a missing page for everyone (404), before any permission is asked.
  const id = String(fleetId(params.id));
  const me = await requireDownloadPermission(request, context, 'reports:revenue');
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.client.api['revenue-reports'][':id'].pdf.$get({ param: { id } });
  if (res.status === 403) throw redirect(FORBIDDEN_PAGE);
  if (!res.ok) must(await api.read(res), me);
  return passDownload(res);
}
