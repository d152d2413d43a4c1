/** @module /fleet/invoices/{id}/xls: one usage invoice of the selected fleet company as XLSX (GET /api/company/evfleet/invoices/{id}/xls). */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { fleetId, must } from '../lib/fleet.server';
import { FORBIDDEN_PAGE, requireDownloadPermission } from '../lib/session.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // A malformed id is a missing page for everyone (404), before any permission is asked.
  const reportId = String(fleetId(params.id));
  const me = await requireDownloadPermission(request, context, 'fleet:invoices');
  const api = createApi(request, context);
  const res = await api.client.api.company.evfleet.invoices[':reportId'].xls.$get({ param: { reportId } });
  if (res.status === 403) throw redirect(FORBIDDEN_PAGE);
  if (!res.ok) must(await api.read(res), me);
  return new Response(res.body, {
    headers: {
      'content-type': res.headers.get('content-type') ?? 'application/octet-stream',
      'content-disposition': res.headers.get('content-disposition') ?? 'attachment',
      'cache-control': 'private, no-store',
    },
  });
}
