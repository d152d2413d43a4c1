/** @module GET /connectors/map-markers: the overview map's markers, fetched by the browser after the page shows. */
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { forbidden, requirePermission } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const api = createApi(request, context);
  const result = await api.send(api.client.api.connectors['map-markers'].$post({ json: {} }));
  if (result.ok) return Response.json(result.data, { headers: { 'Cache-Control': 'private, no-store' } });
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}
