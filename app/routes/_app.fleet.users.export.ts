/** @module /fleet/users/export: the filtered user list as CSV (POST /api/users/export), same URL filters as the list. */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { must } from '../lib/fleet.server';
import { FORBIDDEN_PAGE, requireDownloadPermission } from '../lib/session.server';
import { filtersOf, readState } from './_app.fleet.users._index/route';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireDownloadPermission(request, context, 'fleet:users:export');
  const api = createApi(request, context);
  const res = await api.client.api.users.export.$post({ json: filtersOf(readState(new URL(request.url))) });
  if (res.status === 403) throw redirect(FORBIDDEN_PAGE);
  if (!res.ok) must(await api.read(res), me);
  return new Response(await res.text(), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="fleet-users.csv"',
    },
  });
}
