/** @module The economics screen's reads through the API (GET /connectors/economics): one page, or every row for the CSV. */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import type { Me } from '../../lib/session.server';
import { apiPeriod, readPeriod } from '../_app.connectors.uptime/uptime.server';

export const PAGE_SIZE = 50;

/** The period (as the uptime screen's: UTC days, the previous month by default), the grouping, the page. */
export function readEconomics(url: URL) {
  const group = url.searchParams.get('group_by') === 'group' ? ('group' as const) : ('station' as const);
  return { ...readPeriod(url), groupBy: group };
}
export type EconomicsParams = ReturnType<typeof readEconomics>;

async function page(request: Request, context: AppLoadContext, me: Me, p: EconomicsParams, n: number, size: number) {
  const api = createApi(request, context, { language: me.user.language });
  const answer = await api.send(
    api.client.api.connectors.economics.$get({
      query: { ...apiPeriod(p), group_by: p.groupBy, page: String(n), items_per_page: String(size) },
    }),
  );
  if (!answer.ok && answer.status === 400) throw data({ message: answer.error['error-msg'] }, { status: 400 });
  return must(answer, me);
}

export const loadEconomics = (request: Request, context: AppLoadContext, me: Me, p: EconomicsParams) =>
  page(request, context, me, p, p.page, PAGE_SIZE);

/** Every row of the period (100 a page), for the CSV download. */
export async function allEconomicsRows(request: Request, context: AppLoadContext, me: Me, p: EconomicsParams) {
  const rows = [];
  for (let n = 0; ; n++) {
    const answer = await page(request, context, me, p, n, 100);
    rows.push(...answer.data);
    if (rows.length >= answer.total || answer.data.length === 0) return rows;
  }
}
