/** @module /connectors/overview: connector totals by status for the selected company and its descendants. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Badge, BlockStack, Card, EmptyState, InlineGrid, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { StationMapCard } from '../../components/network/station-map-card';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatNumber, formatPercent } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';
import { loadRecentFaults, loadStatusTotals, mapStyleUrl } from './overview.server';
import { RecentFaultsCard } from './recent-faults';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'overview.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const [{ totals, total }, faults] = await Promise.all([
    loadStatusTotals(request, context, me),
    loadRecentFaults(request, context),
  ]);
  return {
    totals,
    total,
    faults,
    styleUrl: mapStyleUrl(context),
    company: me.company.name,
    companyId: me.company.id,
    currency: me.company.currency,
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

const BUCKETS = Object.entries(STATUS_TONES).map(([status, tone]) => ({ status, tone }));

/** A plug, drawn inline so the empty state needs no image host. */
const EMPTY_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 120 120"><circle cx="60" cy="60" r="56" fill="#f1f1f1"/><path d="M46 30v16M74 30v16" stroke="#8a8a8a" stroke-width="6" stroke-linecap="round"/><path d="M36 46h48v10a24 24 0 0 1-48 0z" fill="#8a8a8a"/><path d="M60 80v14" stroke="#8a8a8a" stroke-width="6" stroke-linecap="round"/></svg>',
)}`;

export default function ConnectorsOverview() {
  const { t } = useTranslation();
  const { totals, total, faults, styleUrl, company, companyId, currency, timeZone, language } =
    useLoaderData<typeof loader>();
  const title = t('overview.title');
  useLiveFeed(companyId);

  if (total === 0) {
    return (
      <Page title={title}>
        <Card>
          <EmptyState heading={t('overview.emptyTitle')} image={EMPTY_IMAGE}>
            <p>{t('overview.emptyBody')}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }

  return (
    <Page title={title} subtitle={t('overview.subtitle', { company })}>
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="100">
              <Text as="h2" variant="headingSm" tone="subdued">
                {t('overview.total')}
              </Text>
              <Text as="p" variant="heading2xl">
                {formatNumber(total, { currency })}
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 4 }} gap="400">
            {BUCKETS.map(({ status, tone }) => {
              const count = totals[status] ?? 0;
              const label = tKey(t, `overview.status.${status}`);
              return (
                <section key={status} aria-label={label}>
                  <Card>
                    <BlockStack gap="200">
                      <InlineStack>
                        <Badge tone={count > 0 ? tone : undefined}>{label}</Badge>
                      </InlineStack>
                      <Text as="p" variant="headingXl" tone={count === 0 ? 'subdued' : undefined}>
                        {formatNumber(count, { currency })}
                      </Text>
                      <Text as="p" variant="bodySm" tone="subdued">
                        {t('overview.share', { percent: formatPercent(count, total, currency) })}
                      </Text>
                    </BlockStack>
                  </Card>
                </section>
              );
            })}
          </InlineGrid>
        </Layout.Section>
        <Layout.Section>
          <StationMapCard styleUrl={styleUrl} revision={JSON.stringify(totals)} />
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <RecentFaultsCard faults={faults} timeZone={timeZone} language={language} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
