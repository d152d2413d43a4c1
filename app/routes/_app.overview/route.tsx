/**
 * @module /overview: the company's own home (issue 20 part 9): key figures of the selected company and
 * its subsidiaries from GET /api/company/{companyId}/overview, each linking to its list screen; a
 * brand-new company is shown how to start. Super users ('companies:manage').
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, EmptyState, InlineGrid, InlineStack, Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { formatKwh, formatMoney, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { FigureCard } from './figure-card';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companyOverview.title');

/** The connector status buckets the overview names; the others are counted in the total only. */
const BUCKETS = ['available', 'charging', 'faulted', 'offline'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'companies:manage');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.company[':companyId'].overview.$get({ param: { companyId: String(me.company.id) } }),
  );
  if (result.ok) return { overview: result.data };
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}

export default function CompanyOverviewPage() {
  const { t } = useTranslation();
  const { overview: o } = useLoaderData<typeof loader>();
  const currency = o.company.currency;
  const n = (value: number) => formatNumber(value, { currency });
  const view = t('companyOverview.view');
  return (
    <Page title={t('companyOverview.title')} subtitle={t('companyOverview.subtitle', { company: o.company.name })}>
      <BlockStack gap="400">
        {o.company.is_closed ? <Banner tone="warning">{t('companyOverview.closed')}</Banner> : null}
        {o.brand_new ? (
          <Card>
            <EmptyState heading={t('companyOverview.startTitle')} image="">
              <BlockStack gap="300">
                <p>{t('companyOverview.startBody')}</p>
                <InlineStack gap="200" align="center">
                  <Button variant="primary" url="/connectors/onboard-station">
                    {t('companyOverview.onboardStation')}
                  </Button>
                  <Button url="/fleet/users/create">{t('companyOverview.createUser')}</Button>
                  <Button url="/backoffice/create">{t('companyOverview.createStaff')}</Button>
                </InlineStack>
              </BlockStack>
            </EmptyState>
          </Card>
        ) : null}
        <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
          <FigureCard
            label={t('companyOverview.sessions')}
            value={n(o.this_month.sessions)}
            details={[t('companyOverview.lastMonth', { value: n(o.last_month.sessions) })]}
            url="/connectors/sessions"
            linkLabel={view}
          />
          <FigureCard
            label={t('companyOverview.energy')}
            value={formatKwh(o.this_month.energy_wh, currency)}
            details={[t('companyOverview.lastMonth', { value: formatKwh(o.last_month.energy_wh, currency) })]}
            url="/connectors/sessions"
            linkLabel={view}
          />
          <FigureCard
            label={t('companyOverview.revenue')}
            value={formatMoney(o.this_month.revenue, currency)}
            details={[
              t('companyOverview.lastMonth', { value: formatMoney(o.last_month.revenue, currency) }),
              t('companyOverview.revenueHelp'),
            ]}
            url="/connectors/sessions"
            linkLabel={view}
          />
          <FigureCard
            label={t('companyOverview.stations')}
            value={n(o.stations.total)}
            details={[
              t('companyOverview.online', { count: o.stations.online }),
              t('companyOverview.offline', { count: o.stations.offline }),
            ]}
            url="/connectors/stations"
            linkLabel={view}
          />
          <FigureCard
            label={t('companyOverview.connectors')}
            value={n(o.connectors.total)}
            details={BUCKETS.map((b) => `${tKey(t, `overview.status.${b}`)}: ${n(o.connectors.by_status[b] ?? 0)}`)}
            url="/connectors/overview"
            linkLabel={view}
          />
          <FigureCard
            label={t('companyOverview.tickets')}
            value={n(o.open_tickets)}
            details={[t('companyOverview.faulted', { count: o.connectors.by_status.faulted ?? 0 })]}
            url="/maintainer/overview"
            linkLabel={view}
            muted={o.open_tickets === 0}
          />
          <FigureCard
            label={t('companyOverview.users')}
            value={n(o.users.total)}
            details={[
              <Button key="staff" variant="plain" url="/backoffice">
                {t('companyOverview.staff', { count: o.users.backoffice })}
              </Button>,
              <Button key="private" variant="plain" url="/fleet/users/private">
                {t('companyOverview.privateUsers', { count: o.users.private })}
              </Button>,
            ]}
            url="/fleet/users"
            linkLabel={view}
          />
          <FigureCard
            label={t('companyOverview.cards')}
            value={n(o.active_cards)}
            url="/fleet/key-hangers"
            linkLabel={view}
          />
          <FigureCard
            label={t('companyOverview.companies')}
            value={n(o.companies.total)}
            details={[
              t('companyOverview.open', { count: o.companies.open }),
              t('companyOverview.closedCount', { count: o.companies.closed }),
            ]}
            url="/companies"
            linkLabel={view}
          />
          {o.stripe_onboarding ? (
            <FigureCard
              label={t('companyOverview.stripe')}
              value={tKey(t, `billingAccounts.states.${o.stripe_onboarding}`)}
              url={`/stripe/onboard/${o.company.id}`}
              linkLabel={view}
              muted={o.stripe_onboarding === 'done'}
            />
          ) : null}
        </InlineGrid>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
