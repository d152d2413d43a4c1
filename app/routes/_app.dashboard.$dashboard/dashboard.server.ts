/**
 * @module The dashboards screen's reads through the API (issue 21 part 2, ADR 055): the dashboards and
 * their charts (GET /api/dashboard, /api/dashboard/{id}/charts/{chartId}), the pickers' companies (the
 * selected company's subtree from /api/me) and connector groups, and the Metabase embed address.
 */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import { type ChartId, chartQuery, type DashboardFilters } from '../../components/dashboard/chart-data';
import type { ChartAnswer } from '../../components/dashboard/dashboard-chart';
import { createApi } from '../../lib/api.server';
import { type FlatCompany, flattenCompanies } from '../../lib/companies';
import { must } from '../../lib/fleet.server';
import type { Me } from '../../lib/session.server';

/** The selected company and its descendants, for the company filter (the API's scope). */
export function subtreeCompanies(me: Me): FlatCompany[] {
  const find = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return null;
    const n = node as { id?: unknown; children?: unknown };
    if (n.id === me.company.id) return node;
    for (const child of Array.isArray(n.children) ? n.children : []) {
      const hit = find(child);
      if (hit) return hit;
    }
    return null;
  };
  const root = find(me.companies) as Parameters<typeof flattenCompanies>[0];
  const list = flattenCompanies(root);
  return list.length > 0 ? list : [{ id: me.company.id, name: me.company.name, depth: 0 }];
}

/** The built-in dashboards and their charts, in the API's order. */
export async function loadDashboards(request: Request, context: AppLoadContext, me: Me) {
  const api = createApi(request, context, { language: me.user.language });
  return must(await api.send(api.client.api.dashboard.$get()), me).data;
}

/** Every chart of a dashboard: its series, or the API's message when it could not be read. */
export async function loadCharts(
  request: Request,
  context: AppLoadContext,
  me: Me,
  dashboardId: string,
  charts: readonly ChartId[],
  filters: DashboardFilters,
): Promise<Record<string, ChartAnswer>> {
  const api = createApi(request, context, { language: me.user.language });
  const query = chartQuery(filters);
  const answers = await Promise.all(
    charts.map(async (chartId) => {
      const answer = await api.send(
        api.client.api.dashboard[':dashboardId'].charts[':chartId'].$get({ param: { dashboardId, chartId }, query }),
      );
      if (!answer.ok) {
        if (answer.status === 403) must(answer, me);
        return [chartId, { ok: false, error: answer.error['error-msg'] } satisfies ChartAnswer] as const;
      }
      // The route also answers CSV (format=csv); asked for JSON, the body is the series.
      const body = typeof answer.data === 'object' && 'series' in answer.data ? answer.data : null;
      const out: ChartAnswer = body
        ? { ok: true, source: body.source, series: body.series, groups: body.groups }
        : { ok: false, error: String(answer.status) };
      return [chartId, out] as const;
    }),
  );
  return Object.fromEntries(answers);
}

/** The connector groups of the subtree for the filter (the first 100); none without connectors:view. */
export async function loadConnectorGroups(request: Request, context: AppLoadContext, me: Me) {
  if (!me.permissions.includes('connectors:view')) return [];
  const api = createApi(request, context, { language: me.user.language });
  const answer = await api.send(api.client.api.groups.$get({ query: { page: '0', items_per_page: '100' } }));
  return answer.ok ? answer.data.data.map((g) => ({ id: g.id, name: g.name })) : [];
}

/** The Metabase dashboard number of the URL (`?metabase=`), 1 by default. */
export function metabaseDashboard(url: URL): number {
  const n = Number(url.searchParams.get('metabase') ?? '1');
  return Number.isInteger(n) && n > 0 && n <= 1_000_000_000 ? n : 1;
}

/** The signed embed address, or the reason there is none (not configured). */
export async function loadMetabase(request: Request, context: AppLoadContext, me: Me, id: number) {
  const api = createApi(request, context, { language: me.user.language });
  const answer = await api.send(api.client.api.metabase.dashboard[':id'].$get({ param: { id: String(id) } }));
  if (answer.ok) return { url: answer.data.url, error: null };
  if (answer.status === 409) return { url: null, error: answer.error['error-msg'] };
  if (answer.status === 400) throw data({ message: answer.error['error-msg'] }, { status: 400 });
  must(answer, me); // throws: the 403 page, the 404 page or the error page
  return { url: null, error: answer.error['error-msg'] };
}
