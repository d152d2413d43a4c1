/**
 * @module /connectors/economics (issue 21 part 3): per station or connector group over a period, the
 * sessions, energy, revenue in the CPO perspective, cost from the company's kWh net cost and margin, with
 * a totals row per currency; companies without a net cost are named with a link to their economics
 * settings (their cost shows "—", no margin); the table as CSV (/connectors/economics.csv).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  DataTable,
  EmptyState,
  InlineStack,
  Page,
  Pagination,
  Select,
  Text,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, usePageParam } from '../../components/lists/date-range-fields';
import { listPagination } from '../../components/lists/list-controls';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { formatKwh, formatMoney, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { loadEconomics, readEconomics } from './economics.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'economics.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const params = readEconomics(new URL(request.url));
  return { params, report: await loadEconomics(request, context, me, params) };
}

const DASH = '—';

export default function Economics() {
  const { t } = useTranslation();
  const { params, report } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [from, setFrom] = useState(params.from);
  const [to, setTo] = useState(params.to);
  const [groupBy, setGroupBy] = useState<string>(params.groupBy);
  useEffect(() => {
    setFrom(params.from);
    setTo(params.to);
    setGroupBy(params.groupBy);
  }, [params]);

  const money = (v: number | null, currency: string) => (v === null ? DASH : formatMoney(v, currency));
  const percent = (v: number | null, currency: string) =>
    v === null ? DASH : `${formatNumber(v, { currency, maximumFractionDigits: 2 })} %`;
  const figures = (r: (typeof report.totals)[number] | (typeof report.data)[number]) => [
    formatNumber(r.sessions, { currency: r.currency }),
    formatKwh(r.energy_wh, r.currency),
    r.unpriced_sessions > 0
      ? `${money(r.revenue, r.currency)} (${t('economics.unpriced', { count: r.unpriced_sessions })})`
      : money(r.revenue, r.currency),
    money(r.cost, r.currency),
    money(r.margin, r.currency),
    percent(r.margin_percent, r.currency),
  ];
  const rows = report.data.map((r) => [r.name ?? `#${r.id}`, ...figures(r)]);
  const totals = report.totals.map((r) => [t('economics.total', { currency: r.currency }), ...figures(r)]);
  const withoutCost = report.totals.reduce((n, r) => n + r.sessions_without_cost, 0);
  const pages = Math.ceil(report.total / report.items_per_page);
  const goTo = usePageParam();
  const query = new URLSearchParams({ from: params.from, to: params.to, group_by: params.groupBy });
  const groupOptions = [
    { label: t('economics.byStation'), value: 'station' },
    { label: t('economics.byGroup'), value: 'group' },
  ];

  return (
    <Page
      title={t('economics.title')}
      subtitle={t('economics.subtitle')}
      secondaryActions={[
        { content: t('economics.downloadCsv'), url: `/connectors/economics.csv?${query.toString()}`, external: true },
      ]}
    >
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <InlineStack gap="300" blockAlign="end">
              <DateRangeFields
                labels={{ from: t('economics.from'), to: t('economics.to') }}
                from={from}
                to={to}
                onFrom={setFrom}
                onTo={setTo}
              />
              <Select
                label={t('economics.groupBy')}
                name="group_by"
                options={groupOptions}
                value={groupBy}
                onChange={setGroupBy}
              />
              <Button submit loading={navigation.state === 'loading'}>
                {t('economics.apply')}
              </Button>
            </InlineStack>
          </Form>
        </Card>
        {report.companies_without_cost.length > 0 ? (
          <Banner tone="warning" title={t('economics.noCostTitle')}>
            <BlockStack gap="100">
              <Text as="p">{t('economics.noCostBody')}</Text>
              <InlineStack gap="300">
                {report.companies_without_cost.map((c) => (
                  <Link key={c.id} to={`/settings/${c.id}?tab=economics`}>
                    {c.name}
                  </Link>
                ))}
              </InlineStack>
            </BlockStack>
          </Banner>
        ) : null}
        <Card padding="0">
          {rows.length === 0 ? (
            <EmptyState heading={t('economics.emptyTitle')} image="">
              <p>{t('economics.emptyBody')}</p>
            </EmptyState>
          ) : (
            <DataTable
              columnContentTypes={['text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric']}
              headings={[
                t('economics.col.name'),
                t('economics.col.sessions'),
                t('economics.col.energy'),
                t('economics.col.revenue'),
                t('economics.col.cost'),
                t('economics.col.margin'),
                t('economics.col.marginPercent'),
              ]}
              rows={[...rows, ...totals]}
            />
          )}
        </Card>
        {withoutCost > 0 ? (
          <Text as="p" tone="subdued">
            {t('economics.withoutCost', { count: withoutCost })}
          </Text>
        ) : null}
        {pages > 1 ? (
          <Pagination {...listPagination(params.page, report.total, report.items_per_page, goTo, '')} />
        ) : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
