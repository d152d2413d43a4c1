/** @module /connectors/kpi: availability per year, month or day from the recorded status history, as bars and a table. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import {
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  DataTable,
  EmptyState,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { formatDate, formatNumber, formatTime } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { AvailabilityChart } from './availability-chart';
import { loadAvailability } from './kpi.server';
import { daysIn, type Period, periodSearch, readPeriod, shift, todayIn } from './period';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'network.kpi.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const period = readPeriod(new URL(request.url), todayIn(me.company.timeZone));
  const result = await loadAvailability(request, context, me, period);
  return { period, result, currency: me.company.currency, language: me.user.language };
}

const percent = (v: number | null, currency: string, noData: string) =>
  v === null ? noData : `${formatNumber(Math.round(v * 1000) / 10, { currency })} %`;

export default function AvailabilityKpi() {
  const { t } = useTranslation();
  const { period, result, currency, language } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [draft, setDraft] = useState(period);
  useEffect(() => setDraft(period), [period]);
  const noData = t('network.kpi.noData');
  const zone = { timeZone: result.timeZone, language };
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m - 1, 1)));

  const labelOf = (start: string) =>
    period.view === 'year'
      ? new Intl.DateTimeFormat(language, { month: 'short', timeZone: result.timeZone }).format(new Date(start))
      : period.view === 'month'
        ? String(
            Number(
              new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: result.timeZone }).format(new Date(start)),
            ),
          )
        : formatTime(start, zone);
  const bars = result.bars.map((b) => ({
    label: labelOf(b.start),
    value: b.availability,
    detail: `${t('network.kpi.colHours')}: ${formatNumber(b.inServiceHours, { currency })}`,
  }));
  const hasData = result.bars.some((b) => b.availability !== null);
  const unit = t(
    period.view === 'year'
      ? 'network.kpi.unitMonth'
      : period.view === 'month'
        ? 'network.kpi.unitDay'
        : 'network.kpi.unitHour',
  );
  const years = Array.from({ length: 11 }, (_, i) => String(period.year - 5 + i));
  const link = (p: Period) => periodSearch(p);

  return (
    <Page title={t('network.kpi.title')} subtitle={t('network.kpi.subtitle')}>
      <Layout>
        <Layout.Section>
          <Card>
            <Form method="get" aria-label={t('network.kpi.view')}>
              <InlineStack gap="300" blockAlign="end" wrap>
                <Select
                  label={t('network.kpi.view')}
                  name="view"
                  options={[
                    { label: t('network.kpi.viewYear'), value: 'year' },
                    { label: t('network.kpi.viewMonth'), value: 'month' },
                    { label: t('network.kpi.viewDay'), value: 'day' },
                  ]}
                  value={draft.view}
                  onChange={(v) => setDraft((d) => ({ ...d, view: v as Period['view'] }))}
                />
                <Select
                  label={t('network.kpi.year')}
                  name="year"
                  options={years}
                  value={String(draft.year)}
                  onChange={(v) => setDraft((d) => ({ ...d, year: Number(v) }))}
                />
                <Select
                  label={t('network.kpi.month')}
                  name="month"
                  options={Array.from({ length: 12 }, (_, i) => ({ label: monthName(i + 1), value: String(i + 1) }))}
                  value={String(draft.month)}
                  onChange={(v) => setDraft((d) => ({ ...d, month: Number(v) }))}
                />
                <Select
                  label={t('network.kpi.day')}
                  name="day"
                  options={Array.from({ length: daysIn(draft.year, draft.month) }, (_, i) => String(i + 1))}
                  value={String(draft.day)}
                  onChange={(v) => setDraft((d) => ({ ...d, day: Number(v) }))}
                />
                <Button submit loading={navigation.state === 'loading'}>
                  {t('network.kpi.show')}
                </Button>
                <ButtonGroup>
                  <Button url={link(shift(period, -1))} accessibilityLabel={t('network.kpi.previous')}>
                    ‹
                  </Button>
                  <Button url={link(shift(period, 1))} accessibilityLabel={t('network.kpi.next')}>
                    ›
                  </Button>
                </ButtonGroup>
              </InlineStack>
            </Form>
          </Card>
        </Layout.Section>
        <Layout.Section>
          {hasData ? (
            <Card>
              <BlockStack gap="300">
                <InlineStack align="space-between" wrap>
                  <BlockStack gap="100">
                    <Text as="h2" variant="headingSm" tone="subdued">
                      {t('network.kpi.overall')}
                    </Text>
                    <Text as="p" variant="heading2xl">
                      {percent(result.availability, currency, noData)}
                    </Text>
                  </BlockStack>
                  <BlockStack gap="100" inlineAlign="end">
                    <Text as="p" tone="subdued">
                      {t('network.kpi.connectors', { count: result.connectors })}
                    </Text>
                    <Text as="p" tone="subdued">
                      {t('network.kpi.timeZone', { zone: result.timeZone })}
                    </Text>
                  </BlockStack>
                </InlineStack>
                <AvailabilityChart bars={bars} label={t('network.kpi.chartLabel', { unit })} noData={noData} />
              </BlockStack>
            </Card>
          ) : (
            <Card>
              <EmptyState heading={t('network.kpi.emptyTitle')} image="">
                <p>{t('network.kpi.emptyBody')}</p>
              </EmptyState>
            </Card>
          )}
        </Layout.Section>
        {hasData ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {t('network.kpi.tableTitle')}
                </Text>
                <DataTable
                  columnContentTypes={['text', 'numeric', 'numeric']}
                  headings={[t('network.kpi.colPeriod'), t('network.kpi.colAvailability'), t('network.kpi.colHours')]}
                  rows={result.bars.map((b, i) => [
                    period.view === 'day' ? `${formatDate(b.start, zone)} ${bars[i]?.label}` : (bars[i]?.label ?? ''),
                    percent(b.availability, currency, noData),
                    formatNumber(b.inServiceHours, { currency }),
                  ])}
                />
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : null}
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
