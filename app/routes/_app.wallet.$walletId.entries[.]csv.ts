/** @module /wallet/{walletId}/entries.csv: the wallet's whole ledger as CSV (GET /api/wallet/{walletId}/entries.csv), streamed through. */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { fleetId, must } from '../lib/fleet.server';
import { FORBIDDEN_PAGE, requireDownloadPermission } from '../lib/session.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // A malformed id is a missing page for everyone (404), before any permission is asked.
  const walletId = String(fleetId(params.walletId));
  const me = await requireDownloadPermission(request, context, 'wallets:view');
  const api = createApi(request, context);
  const res = await api.client.api.wallet[':walletId']['entries.csv'].$get({ param: { walletId } });
  if (res.status === 403) throw redirect(FORBIDDEN_PAGE);
  if (!res.ok) must(await api.read(res), me);
  return new Response(res.body, {
    headers: {
      'content-type': res.headers.get('content-type') ?? 'text/csv; charset=utf-8',
      'content-disposition': res.headers.get('content-disposition') ?? 'attachment',
      'cache-control': 'private, no-store',
    },
  });
}
