/**
 * @module /my-overview (issue 21 part 7, spec 7.10 GET /my-data/{userId}/my-overview?year): a private user's
 * year: sessions, energy, what they paid (per currency), the average per session, the energy per month
 * (visx bars) and CO2 avoided over the year's delivered sessions (ADR 053; "not yet available" when not computed).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { BlockStack, Card, EmptyState, InlineGrid, Page, Select, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { MonthlyEnergy } from '../../components/my-pages/monthly-energy';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatKwh, formatMoney, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'myPages.overview.title');

/** The year in the URL when it is a plausible one; else the API's default (this year). */
function yearParam(request: Request): string | undefined {
  const raw = new URL(request.url).searchParams.get('year') ?? '';
  return /^(20\d\d|2100)$/.test(raw) ? raw : undefined;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:self-charge');
  const api = createApi(request, context, { language: me.user.language });
  const year = yearParam(request);
  const overview = await api.send(
    api.client.api['my-data'][':userId']['my-overview'].$get({
      param: { userId: String(me.user.id) },
      query: year ? { year } : {},
    }),
  );
  return must(overview, me);
}

function Tile({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h2" variant="headingSm" tone="subdued">
          {label}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

export default function MyOverview() {
  const { t } = useTranslation();
  const o = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const years = [...new Set([new Date().getFullYear(), o.year, ...o.years])].sort((a, b) => b - a);
  const big = (text: string) => (
    <Text as="p" variant="headingXl" numeric>
      {text}
    </Text>
  );
  return (
    <Page
      title={t('myPages.overview.title')}
      subtitle={t('myPages.overview.subtitle', { year: o.year })}
      primaryAction={
        <Select
          label={t('myPages.year')}
          labelInline
          options={years.map((y) => ({ label: String(y), value: String(y) }))}
          value={String(o.year)}
          onChange={(y) => setParams({ year: y }, { preventScrollReset: true })}
        />
      }
    >
      {o.sessions === 0 ? (
        <Card>
          <EmptyState heading={t('myPages.overview.empty', { year: o.year })} image="">
            <p>{t('myPages.overview.emptyHelp')}</p>
          </EmptyState>
        </Card>
      ) : (
        <BlockStack gap="400">
          <InlineGrid columns={{ xs: 1, sm: 2, md: 5 }} gap="400">
            <Tile label={t('myPages.overview.sessions')}>{big(formatNumber(o.sessions))}</Tile>
            <Tile label={t('myPages.overview.energy')}>{big(formatKwh(o.energy_wh))}</Tile>
            <Tile label={t('myPages.overview.spend')}>
              {o.spend.map((s) => (
                <div key={s.currency}>{big(formatMoney(s.amount, s.currency))}</div>
              ))}
              {o.spend.length === 0 ? big('—') : null}
            </Tile>
            <Tile label={t('myPages.overview.average')}>
              {o.spend.map((s) => (
                <Text as="p" variant="headingLg" numeric key={s.currency}>
                  {formatMoney(s.average, s.currency)}
                </Text>
              ))}
              <Text as="p" tone="subdued">
                {t('myPages.overview.averageEnergy', { energy: formatKwh(o.average_energy_wh) })}
              </Text>
            </Tile>
            <Tile label={t('myPages.overview.co2')}>
              {o.co2 ? (
                big(`${formatNumber(o.co2.avoided_kg)} kg`)
              ) : (
                <Text as="p" tone="subdued">
                  {t('myPages.overview.co2NotYet')}
                </Text>
              )}
            </Tile>
          </InlineGrid>
          {o.unpriced_sessions > 0 ? (
            <Text as="p" tone="subdued">
              {t('myPages.overview.unpriced', { count: o.unpriced_sessions })}
            </Text>
          ) : null}
          <MonthlyEnergy months={o.months} color="#2c6ecb" />
        </BlockStack>
      )}
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
