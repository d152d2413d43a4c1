/** @module POST /tariffs/preview: the tariff editor's live preview, priced by POST /api/tariff/preview (nothing stored). */
import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const input: unknown = await request.json().catch(() => null);
  const api = createApi(request, context);
  const result = await api.send(api.client.api.tariff.preview.$post({ json: input as never }));
  if (result.ok) return { data: result.data.data };
  return { error: result.error['error-msg'], issues: result.error.issues ?? [] };
}
