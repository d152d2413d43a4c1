/** @module /connectors/network-status: stations online and offline, connectors by status per city and operator, silent stations. */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { BlockStack, Card, DataTable, EmptyState, InlineGrid, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'network.status.title');

interface Breakdown {
  total: number;
  buckets: Record<string, number>;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const api = createApi(request, context);
  const result = await api.send(api.client.api['network-status'].$get());
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    throw data({ status: result.status }, { status: Math.max(result.status, 500) });
  }
  return {
    status: result.data,
    company: me.company.name,
    companyId: me.company.id,
    currency: me.company.currency,
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

/** Buckets shown as columns: the ones with at least one connector somewhere, in the overview's order. */
const ORDER = Object.keys(STATUS_TONES);

export default function NetworkStatusPage() {
  const { t } = useTranslation();
  const { status, company, companyId, currency, timeZone, language } = useLoaderData<typeof loader>();
  useLiveFeed(companyId);
  const n = (v: number) => formatNumber(v, { currency });
  const columns = ORDER.filter((b) => status.byCity.some((c) => (c.buckets[b] ?? 0) > 0));
  const bucketHeadings = columns.map((b) => tKey(t, `overview.status.${b}`));

  if (status.stations.total === 0) {
    return (
      <Page title={t('network.status.title')}>
        <Card>
          <EmptyState heading={t('network.status.emptyTitle')} image="">
            <p>{t('network.status.emptyBody')}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }

  const figure = (label: string, value: number, tone?: 'critical' | 'success' | 'subdued') => (
    <section aria-label={label}>
      <Card>
        <BlockStack gap="100">
          <Text as="h2" variant="headingSm" tone="subdued">
            {label}
          </Text>
          <Text as="p" variant="headingXl" tone={value === 0 ? 'subdued' : tone}>
            {n(value)}
          </Text>
        </BlockStack>
      </Card>
    </section>
  );

  /** Connectors per status bucket, one row per city or operator. */
  const breakdown = (title: string, nameHeading: string, list: (Breakdown & { name: string })[]) => (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <DataTable
          columnContentTypes={['text', 'numeric', ...columns.map(() => 'numeric' as const)]}
          headings={[nameHeading, t('network.status.colTotal'), ...bucketHeadings]}
          rows={list.map((r) => [r.name, n(r.total), ...columns.map((b) => n(r.buckets[b] ?? 0))])}
        />
      </BlockStack>
    </Card>
  );

  return (
    <Page title={t('network.status.title')} subtitle={t('network.status.subtitle', { company })}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="200">
            <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
              {figure(t('network.status.stations'), status.stations.total)}
              {figure(t('network.status.online'), status.stations.online, 'success')}
              {figure(t('network.status.offline'), status.stations.offline, 'critical')}
              {figure(t('network.status.neverSeen'), status.stations.neverSeen)}
            </InlineGrid>
            <Text as="p" variant="bodySm" tone="subdued">
              {t('network.status.silentHint', { minutes: status.silentMinutes })}
            </Text>
          </BlockStack>
        </Layout.Section>
        <Layout.Section>
          {breakdown(
            t('network.status.byCity'),
            t('network.status.colCity'),
            status.byCity.map((c) => ({ ...c, name: c.city ?? t('network.status.unknownCity') })),
          )}
        </Layout.Section>
        <Layout.Section>
          {breakdown(t('network.status.byOperator'), t('network.status.colOperator'), status.byOperator)}
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t('network.status.notHeardFrom')}
              </Text>
              {status.notHeardFrom.length === 0 ? (
                <Text as="p" tone="subdued">
                  {t('network.status.allHeard')}
                </Text>
              ) : (
                <DataTable
                  columnContentTypes={['text', 'text', 'text']}
                  headings={[
                    t('network.status.colStation'),
                    t('network.status.colCity'),
                    t('network.status.colLastSeen'),
                  ]}
                  rows={status.notHeardFrom.map((s) => [
                    s.connectorId ? (
                      <Link key={s.id} to={`/connectors/${s.connectorId}/detail`}>
                        {s.name} ({s.uid})
                      </Link>
                    ) : (
                      `${s.name} (${s.uid})`
                    ),
                    s.city ?? '—',
                    s.lastSeenAt ? formatDateTime(s.lastSeenAt, { timeZone, language }) : t('network.status.never'),
                  ])}
                />
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
