/**
 * @module /my-stations/{id} (spec 7.10 GET my-stations, my-connector/{connectorId}?year): one of the caller's
 * stations in a year: sessions and energy per month (visx bars) and per connector, and the sessions of
 * the chosen connector (`connector`, `page` in the URL); others' sessions there show without who charged.
 */

import { duration } from '@domain/sessions/display';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { Badge, BlockStack, Card, DataTable, IndexTable, InlineGrid, Page, Select, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { listPagination } from '../../components/lists/list-controls';
import { MonthlyEnergy } from '../../components/my-pages/monthly-energy';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { formatDateTime, formatKwh, formatNumber } from '../../lib/format';
import { pageNumber, positiveId } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'myPages.stations.title');

const PAGE_SIZE = 20;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:self-charge');
  const api = createApi(request, context, { language: me.user.language });
  const search = new URL(request.url).searchParams;
  const rawYear = search.get('year') ?? '';
  const year = /^(20\d\d|2100)$/.test(rawYear) ? { year: rawYear } : {};
  const id = String(fleetId(params.id));
  const station = must(await api.send(api.client.api['my-stations'][':id'].$get({ param: { id }, query: year })), me);
  const asked = positiveId().read(search, 'connector');
  const connector = station.station.connectors.find((k) => k.id === asked) ?? station.station.connectors[0];
  const connectorYear = connector
    ? must(
        await api.send(
          api.client.api['my-connector'][':connectorId'].$get({
            param: { connectorId: String(connector.id) },
            query: {
              year: String(station.year),
              page: String(pageNumber(100_000).read(search, 'page')),
              items_per_page: String(PAGE_SIZE),
            },
          }),
        ),
        me,
      )
    : null;
  return { ...station, connectorYear };
}

export default function MyStation() {
  const { t, i18n } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) v === null ? next.delete(k) : next.set(k, v);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const now = new Date().getFullYear();
  const years = [...new Set([now, now - 1, now - 2, d.year])].sort((a, b) => b - a);
  const connectorName = (id: number) =>
    t('myPages.stations.connector', { number: d.station.connectors.find((k) => k.id === id)?.connector_number ?? id });
  const list = d.connectorYear?.list;
  return (
    <Page
      title={d.station.name}
      subtitle={d.station.city ?? undefined}
      backAction={{ content: t('myPages.stations.title'), url: '/my-stations' }}
      titleMetadata={d.station.is_offline ? <Badge>{t('myPages.stations.offline')}</Badge> : undefined}
      primaryAction={
        <Select
          label={t('myPages.year')}
          labelInline
          options={years.map((y) => ({ label: String(y), value: String(y) }))}
          value={String(d.year)}
          onChange={(y) => go({ year: y, page: null })}
        />
      }
    >
      <BlockStack gap="400">
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="400">
          <Card>
            <Text as="h2" variant="headingSm" tone="subdued">
              {t('myPages.stations.sessionsInYear', { year: d.year })}
            </Text>
            <Text as="p" variant="headingXl" numeric>
              {formatNumber(d.sessions)}
            </Text>
          </Card>
          <Card>
            <Text as="h2" variant="headingSm" tone="subdued">
              {t('myPages.stations.energyInYear', { year: d.year })}
            </Text>
            <Text as="p" variant="headingXl" numeric>
              {formatKwh(d.energy_wh)}
            </Text>
          </Card>
        </InlineGrid>
        {d.sessions === 0 ? (
          <Card>
            <Text as="p" tone="subdued">
              {t('myPages.stations.noSessions', { year: d.year })}
            </Text>
          </Card>
        ) : (
          <MonthlyEnergy months={d.months} color="#47b881" />
        )}
        {d.per_connector.length > 0 ? (
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t('myPages.stations.perConnector')}
              </Text>
              <DataTable
                columnContentTypes={['text', 'numeric', 'numeric']}
                headings={[
                  t('myPages.stations.connectors'),
                  t('myPages.overview.sessions'),
                  t('myPages.overview.energy'),
                ]}
                rows={d.per_connector.map((k) => [
                  connectorName(k.connector_id),
                  formatNumber(k.sessions),
                  formatKwh(k.energy_wh),
                ])}
              />
            </BlockStack>
          </Card>
        ) : null}
        {d.connectorYear && list ? (
          <BlockStack gap="200">
            <InlineGrid columns={{ xs: 1, sm: 2 }} gap="200">
              <Text as="h2" variant="headingMd">
                {t('myPages.stations.connectorSessions', {
                  number: d.connectorYear.connector.connector_number,
                  year: d.year,
                })}
              </Text>
              {d.station.connectors.length > 1 ? (
                <Select
                  label={t('myPages.stations.connectors')}
                  labelInline
                  options={d.station.connectors.map((k) => ({ label: connectorName(k.id), value: String(k.id) }))}
                  value={String(d.connectorYear.connector.id)}
                  onChange={(v) => go({ connector: v, page: null })}
                />
              ) : null}
            </InlineGrid>
            <Card padding="0">
              <IndexTable
                resourceName={{ singular: t('myPages.overview.sessions'), plural: t('myPages.overview.sessions') }}
                itemCount={list.data.length}
                selectable={false}
                emptyState={
                  <Text as="p" tone="subdued" alignment="center">
                    {t('myPages.stations.noSessions', { year: d.year })}
                  </Text>
                }
                headings={[
                  { title: t('myPages.sessions.start') },
                  { title: t('myPages.sessions.energy'), alignment: 'end' },
                  { title: t('myPages.sessions.duration') },
                  { title: t('myPages.stations.who') },
                ]}
                pagination={listPagination(
                  list.page,
                  list.total,
                  list.items_per_page,
                  (page) => go({ page: page ? String(page) : null }),
                  t('myPages.sessions.count', { count: list.total }),
                )}
              >
                {list.data.map((s, index) => (
                  <IndexTable.Row id={String(s.id)} key={s.id} position={index}>
                    <IndexTable.Cell>{formatDateTime(s.start, { language: i18n.language })}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {formatKwh(s.energy_wh)}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>{duration(s.duration_s)}</IndexTable.Cell>
                    <IndexTable.Cell>
                      {s.mine ? (
                        <Badge tone="info">{t('myPages.stations.mine')}</Badge>
                      ) : (
                        t('myPages.stations.someoneElse')
                      )}
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            </Card>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
