/** @module /fleet/users/kpi/{id}: consumption and sessions of a fleet user per month of a year or per year (visx). */
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
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.detail.kpi');

interface Stats {
  unit: 'kWh' | 'sessions';
  data: { period: string; value: number }[];
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
  const stat = (target: 'consumption' | 'sessions') =>
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
  const [user, consumption, sessions, co2] = await Promise.all([
    api.send(api.client.api.users[':userId'].$get({ param: { userId } })),
    stat('consumption'),
    stat('sessions'),
    api.send(api.client.api['co2-total'].$get({ query: co2Query })),
  ]);
  return {
    user: must(user, me),
    consumption: must(consumption, me),
    sessions: must(sessions, me),
    co2: must(co2, me),
    year,
    type,
    thisYear,
    currency: me.company.currency,
  };
}

function Bars({ stats, color, currency, title }: { stats: Stats; color: string; currency: string; title: string }) {
  return (
    <BarChart
      data={stats.data}
      color={color}
      title={title}
      format={(v) => formatNumber(v, { currency })}
      tick={(p) => (p.length > 4 ? p.slice(5) : p)}
    />
  );
}

export default function UserKpi() {
  const { t } = useTranslation();
  const { user, consumption, sessions, co2, year, type, thisYear, currency } = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const years = Array.from({ length: 6 }, (_, i) => String(thisYear - i));
  const total = (s: Stats) =>
    formatNumber(
      s.data.reduce((a, d) => a + d.value, 0),
      { currency },
    );
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
          <Card>
            <BlockStack gap="200">
              <InlineStack align="space-between">
                <Text as="h2" variant="headingMd">
                  {t('fleet.kpi.consumption')}
                </Text>
                <Text as="span" tone="subdued">
                  {t('fleet.kpi.total', { value: `${total(consumption)} kWh` })}
                </Text>
              </InlineStack>
              <Bars stats={consumption} color="#2c6ecb" currency={currency} title={t('fleet.kpi.consumption')} />
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="200">
              <InlineStack align="space-between">
                <Text as="h2" variant="headingMd">
                  {t('fleet.kpi.sessions')}
                </Text>
                <Text as="span" tone="subdued">
                  {t('fleet.kpi.total', { value: total(sessions) })}
                </Text>
              </InlineStack>
              <Bars stats={sessions} color="#47b881" currency={currency} title={t('fleet.kpi.sessions')} />
            </BlockStack>
          </Card>
        </InlineGrid>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
