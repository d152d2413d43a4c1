/**
 * @module /connectors/uptime (issue 21 part 5, ADR 054): availability per connector over a period as EU
 * AFIR and the US NEVI rule ask, under the 97 % target first, the network figure, the excluded periods
 * and the fault-to-ticket threshold; the table as CSV (/connectors/uptime.csv).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  Checkbox,
  DataTable,
  EmptyState,
  InlineStack,
  Page,
  Pagination,
  Text,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, usePageParam } from '../../components/lists/date-range-fields';
import { listPagination } from '../../components/lists/list-controls';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { change, loadUptime, readPeriod } from './uptime.server';
import { ExclusionsCard, type ExclusionTarget, ThresholdCard } from './uptime-cards';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'uptime.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'uptime:view');
  const period = readPeriod(new URL(request.url));
  const { report, exclusions } = await loadUptime(request, context, me, period);
  return {
    period,
    report,
    exclusions,
    canManage: me.permissions.includes('uptime:manage'),
    currency: me.company.currency,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'uptime:manage');
  return change(request, context, me, await request.formData());
}

export default function Uptime() {
  const { t } = useTranslation();
  const { period, report, exclusions, canManage, currency } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [under, setUnder] = useState(period.underTarget);
  const [target, setTarget] = useState<ExclusionTarget | null>(null);
  useEffect(() => {
    setFrom(period.from);
    setTo(period.to);
    setUnder(period.underTarget);
  }, [period]);
  const done = answer?.ok
    ? t(
        answer.intent === 'delete'
          ? 'uptime.exclusions.deleted'
          : answer.intent === 'threshold'
            ? 'uptime.threshold.saved'
            : 'uptime.exclusions.created',
      )
    : null;
  useOutcomeToast(
    answer,
    answer?.ok ? { text: done ?? '' } : answer?.error ? { text: answer.error, error: true } : null,
  );

  const percent = (v: number | null) =>
    v === null
      ? t('uptime.unknown')
      : `${formatNumber(Math.floor(v * 10_000) / 100, { currency, maximumFractionDigits: 2 })} %`;
  const minutes = (n: number) => formatNumber(n, { currency });
  const net = report.network;
  // The page size from the answer: the .server module does not reach the client build.
  const pages = Math.ceil(report.total / report.items_per_page);
  const goTo = usePageParam();
  const csv = `/connectors/uptime.csv?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`;
  const rows = report.data.map((r) => [
    r.station_name ? `${r.station_uid} · ${r.station_name}` : r.station_uid,
    String(r.connector_number),
    r.evse_id ?? '—',
    <InlineStack key={r.connector_id} gap="200" blockAlign="center">
      <span>{percent(r.availability)}</span>
      {r.under_target ? <Badge tone="critical">{t('uptime.badge.under')}</Badge> : null}
    </InlineStack>,
    minutes(r.unavailable_minutes),
    minutes(r.excluded_minutes),
    minutes(r.observed_minutes),
    ...(canManage
      ? [
          <Button
            key={`x${r.connector_id}`}
            variant="plain"
            onClick={() => setTarget({ station_id: String(r.station_id), connector_id: String(r.connector_id) })}
          >
            {t('uptime.exclusions.exclude')}
          </Button>,
        ]
      : []),
  ]);

  return (
    <Page
      title={t('uptime.title')}
      subtitle={t('uptime.subtitle', { target: Math.round(report.target * 100) })}
      secondaryActions={[{ content: t('uptime.downloadCsv'), url: csv, external: true }]}
    >
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <InlineStack gap="300" blockAlign="end">
              <DateRangeFields
                labels={{ from: t('uptime.from'), to: t('uptime.to') }}
                from={from}
                to={to}
                onFrom={setFrom}
                onTo={setTo}
              />
              <Checkbox
                label={t('uptime.onlyUnderTarget')}
                name="under"
                value="1"
                checked={under}
                onChange={setUnder}
              />
              <Button submit loading={navigation.state === 'loading'}>
                {t('uptime.apply')}
              </Button>
            </InlineStack>
          </Form>
        </Card>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t('uptime.network')}
            </Text>
            <Text as="p" variant="heading2xl">
              {percent(net.availability)}
            </Text>
            <InlineStack gap="400">
              <Text as="span">{t('uptime.connectors', { count: net.connectors })}</Text>
              <Text as="span" tone={net.under_target > 0 ? 'critical' : undefined}>
                {t('uptime.underTarget', { count: net.under_target })}
              </Text>
              <Text as="span">{t('uptime.unknownCount', { count: net.unknown })}</Text>
              <Text as="span">{t('uptime.unavailable', { minutes: minutes(net.unavailable_minutes) })}</Text>
              <Text as="span">{t('uptime.excluded', { minutes: minutes(net.excluded_minutes) })}</Text>
            </InlineStack>
          </BlockStack>
        </Card>
        <Card padding="0">
          {rows.length === 0 ? (
            <EmptyState heading={t('uptime.emptyTitle')} image="">
              <p>{t('uptime.emptyBody')}</p>
            </EmptyState>
          ) : (
            <DataTable
              columnContentTypes={[
                'text',
                'numeric',
                'text',
                'text',
                'numeric',
                'numeric',
                'numeric',
                ...(canManage ? (['text'] as const) : []),
              ]}
              headings={[
                t('uptime.col.station'),
                t('uptime.col.connector'),
                t('uptime.col.evse'),
                t('uptime.col.availability'),
                t('uptime.col.unavailable'),
                t('uptime.col.excluded'),
                t('uptime.col.observed'),
                ...(canManage ? [''] : []),
              ]}
              rows={rows}
            />
          )}
        </Card>
        {pages > 1 ? (
          <Pagination {...listPagination(period.page, report.total, report.items_per_page, goTo, '')} />
        ) : null}
        <ExclusionsCard
          exclusions={exclusions}
          canManage={canManage}
          answer={answer?.intent === 'create' ? answer : null}
          target={target}
        />
        {canManage ? (
          <ThresholdCard
            minutes={report.fault_ticket_minutes}
            answer={answer?.intent === 'threshold' ? answer : null}
          />
        ) : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
