/**
 * @module /fleet/users/kpi/{id}: consumption, sessions, spend (the driver's price, per currency) and CO2
 * avoided of a fleet user per month of a year or per year (visx).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { BlockStack, Card, InlineGrid, InlineStack, Page, Select, Tabs, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { Co2Tile } from '../../components/co2/co2-tile';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { formatMoney, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.detail.kpi');

interface Stats {
  unit: string;
  data: { period: string; value: number; currency?: string }[];
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:view');
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const url = new URL(request.url);
  const thisYear = new Date().getUTCFullYear();
  const y = Number(url.searchParams.get('year'));
  const year = Number.isInteger(y) && y >= 2000 && y <= thisYear ? y : thisYear;
  const type = url.searchParams.get('type') === 'year' ? 'year' : 'month';
  const api = createApi(request, context);
  const userId = String(id);
  const stat = (target: 'consumption' | 'sessions' | 'spend' | 'co2') =>
    api.send(
      api.client.api.users[':userId'][':target'][':type'][':year'].$get({
        param: { userId, target, type, year: String(year) },
      }),
    );
  // CO2 of the selected year (by month) or of the last six years (by year), as the charts show.
  const co2Query = {
    perspective: 'fleet' as const,
    user_id: userId,
    from: type === 'year' ? `${thisYear - 5}-01` : `${year}-01`,
    to: type === 'year' ? `${thisYear}-12` : `${year}-12`,
  };
  const [user, consumption, sessions, spend, co2Stats, co2] = await Promise.all([
    api.send(api.client.api.users[':userId'].$get({ param: { userId } })),
    stat('consumption'),
    stat('sessions'),
    stat('spend'),
    stat('co2'),
    api.send(api.client.api['co2-total'].$get({ query: co2Query })),
  ]);
  return {
    user: must(user, me),
    consumption: must(consumption, me),
    sessions: must(sessions, me),
    spend: must(spend, me),
    co2Stats: must(co2Stats, me),
    co2: must(co2, me),
    year,
    type,
    thisYear,
    currency: me.company.currency,
  };
}

function Bars({
  stats,
  color,
  title,
  format,
}: {
  stats: Stats;
  color: string;
  title: string;
  format: (value: number) => string;
}) {
  return (
    <BarChart
      data={stats.data}
      color={color}
      title={title}
      format={format}
      tick={(p) => (p.length > 4 ? p.slice(5) : p)}
    />
  );
}

/** One chart card: its title, the total of its periods, the bars. */
function StatCard({
  title,
  stats,
  color,
  format,
}: {
  title: string;
  stats: Stats;
  color: string;
  format: (v: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          <Text as="span" tone="subdued">
            {t('fleet.kpi.total', { value: format(stats.data.reduce((a, d) => a + d.value, 0)) })}
          </Text>
        </InlineStack>
        <Bars stats={stats} color={color} title={title} format={format} />
      </BlockStack>
    </Card>
  );
}

/** The spend per currency: one series per currency the user paid in. */
const byCurrency = (s: Stats) =>
  [...new Set(s.data.map((d) => d.currency ?? ''))].map((currency) => ({
    currency,
    stats: { unit: s.unit, data: s.data.filter((d) => (d.currency ?? '') === currency) },
  }));

export default function UserKpi() {
  const { t } = useTranslation();
  const { user, consumption, sessions, spend, co2Stats, co2, year, type, thisYear, currency } =
    useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const years = Array.from({ length: 6 }, (_, i) => String(thisYear - i));
  const number = (v: number) => formatNumber(v, { currency });
  const empty = sessions.data.every((d) => d.value === 0);
  return (
    <Page
      title={t('fleet.kpi.title', { name: displayName(user) })}
      backAction={{ url: `/fleet/users/detail/${user.id}` }}
    >
      <BlockStack gap="400">
        <InlineStack gap="400" blockAlign="end">
          <Tabs
            tabs={[
              { id: 'month', content: t('fleet.kpi.byMonth') },
              { id: 'year', content: t('fleet.kpi.byYear') },
            ]}
            selected={type === 'year' ? 1 : 0}
            onSelect={(i) => setParams({ type: i === 1 ? 'year' : 'month', year: String(year) }, { replace: true })}
          />
          <Select
            label={t('fleet.kpi.year')}
            labelInline
            options={years}
            value={String(year)}
            onChange={(v) => setParams({ type, year: v }, { replace: true })}
          />
        </InlineStack>
        <Co2Tile
          co2={co2}
          period={type === 'year' ? `${co2.from.slice(0, 4)}–${co2.to.slice(0, 4)}` : t('co2.thisYear', { year })}
          currency={currency}
        />
        {empty ? (
          <Card>
            <Text as="p">{t('fleet.kpi.empty')}</Text>
          </Card>
        ) : null}
        <InlineGrid columns={{ xs: 1, lg: 2 }} gap="400">
          <StatCard
            title={t('fleet.kpi.consumption')}
            stats={consumption}
            color="#2c6ecb"
            format={(v) => `${number(v)} kWh`}
          />
          <StatCard title={t('fleet.kpi.sessions')} stats={sessions} color="#47b881" format={number} />
          {byCurrency(spend).map((s) => (
            <StatCard
              key={s.currency}
              title={`${t('fleet.kpi.spend')} · ${s.currency}`}
              stats={s.stats}
              color="#8a6116"
              format={(v) => formatMoney(v, s.currency)}
            />
          ))}
          <StatCard title={t('fleet.kpi.co2')} stats={co2Stats} color="#007f5f" format={number} />
        </InlineGrid>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
