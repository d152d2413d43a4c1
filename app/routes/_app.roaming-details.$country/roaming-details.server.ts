/** @module The roaming-details screen's server side (ADR 057 addendum "EMSP: locations and tariffs"): partners reachable in a country. */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { requirePermission } from '../../lib/session.server';

const PAGE_SIZE = 20;

export async function readRoamingDetails(request: Request, context: AppLoadContext, country: string, page: number) {
  const me = await requirePermission(request, context, 'roaming:manage');
  const api = createApi(request, context, { language: me.user.language });
  return must(
    await api.send(
      api.client.api['roaming-details'][':country'].$get({
        param: { country },
        query: { page: String(page), items_per_page: String(PAGE_SIZE) },
      }),
    ),
    me,
  );
}
