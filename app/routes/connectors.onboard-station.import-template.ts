/** @module /connectors/onboard-station/import-template: the API's online-station import template (.xlsx), streamed unchanged. */
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { requirePermission } from '../lib/session.server';

const PASSED = ['content-type', 'content-disposition', 'cache-control'];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, 'stations:onboard');
  const api = createApi(request, context);
  const res = await api.client.api.stations['import-template'].$get();
  if (!res.ok) throw data({ message: 'The import template could not be generated' }, { status: res.status });
  const headers = new Headers();
  for (const name of PASSED) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: 200, headers });
}
