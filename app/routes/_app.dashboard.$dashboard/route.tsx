/**
 * @module /dashboard/{dashboardId} (issue 21 part 2, spec role 47 and setting 41, ADR 055): the built-in
 * dashboards drawn with visx (energy and sessions, revenue per price perspective, the utilisation heat
 * map, top stations, faults), each chart with its CSV download and table fallback, filtered by period,
 * company of the subtree, company group level and connector group (all in the URL); and the Metabase
 * tab, the signed embed of the company's Metabase dashboard. An unknown dashboard id is the 404 page.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { BlockStack, InlineGrid, Page, Tabs } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { type ChartId, METABASE_TAB, readDashboardFilters } from '../../components/dashboard/chart-data';
import { DashboardChart } from '../../components/dashboard/dashboard-chart';
import { DashboardFilters } from '../../components/dashboard/dashboard-filters';
import { MetabasePanel } from '../../components/dashboard/metabase-panel';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import {
  loadCharts,
  loadConnectorGroups,
  loadDashboards,
  loadMetabase,
  metabaseDashboard,
  subtreeCompanies,
} from './dashboard.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'dashboard.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'reports:dashboards');
  const url = new URL(request.url);
  // The param is not named `…Id`: the layout takes those for row ids (lib/route-params.ts), and this one is a word.
  const dashboardId = params.dashboard ?? '';
  const filters = readDashboardFilters(url);
  const dashboards = await loadDashboards(request, context, me);
  const tabs = dashboards.map((d) => d.id);
  const base = { dashboardId, tabs, filters, currency: me.company.currency };
  if (dashboardId === METABASE_TAB) {
    const id = metabaseDashboard(url);
    return {
      ...base,
      charts: [],
      answers: {},
      companies: [],
      connectorGroups: [],
      metabase: { id, ...(await loadMetabase(request, context, me, id)) },
    };
  }
  const current = dashboards.find((d) => d.id === dashboardId);
  if (!current) throw data({ message: 'Not found', landing: me.landing }, { status: 404 });
  const charts: ChartId[] = [...current.charts];
  const [answers, connectorGroups] = await Promise.all([
    loadCharts(request, context, me, dashboardId, charts, filters),
    loadConnectorGroups(request, context, me),
  ]);
  return { ...base, charts, answers, companies: subtreeCompanies(me), connectorGroups, metabase: null };
}

export default function Dashboard() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = [...d.tabs, METABASE_TAB];
  const tabs = ids.map((id) => ({ id, content: tKey(t, `dashboard.tab.${id}`), panelID: `dashboard-${id}` }));
  // Another dashboard keeps the filters; the Metabase tab has its own (the dashboard number).
  const select = (index: number) => {
    const id = ids[index] ?? 'main';
    const search = id === METABASE_TAB ? '' : new URLSearchParams(location.search).toString();
    navigate(`/dashboard/${id}${search ? `?${search}` : ''}`);
  };
  return (
    <Page title={t('dashboard.title')} fullWidth>
      <Tabs tabs={tabs} selected={Math.max(0, ids.indexOf(d.dashboardId))} onSelect={select}>
        <BlockStack gap="400">
          {d.metabase ? (
            <MetabasePanel id={d.metabase.id} url={d.metabase.url} error={d.metabase.error} />
          ) : (
            <>
              <DashboardFilters filters={d.filters} companies={d.companies} connectorGroups={d.connectorGroups} />
              <InlineGrid columns={{ xs: 1, lg: 2 }} gap="400">
                {d.charts.map((chartId) => {
                  const answer = (d.answers as Record<string, Parameters<typeof DashboardChart>[0]['answer']>)[chartId];
                  return answer ? (
                    <DashboardChart
                      key={chartId}
                      dashboardId={d.dashboardId}
                      chartId={chartId}
                      answer={answer}
                      filters={d.filters}
                      currency={d.currency}
                    />
                  ) : null;
                })}
              </InlineGrid>
            </>
          )}
        </BlockStack>
      </Tabs>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
