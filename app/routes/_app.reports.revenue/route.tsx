/**
 * @module /reports/revenue (issue 21 part 6, ADR 056): the monthly and quarterly revenue PDFs of the caller's
 * companies, filtered by kind, period and company in the URL (the report e-mail links `?company_id=…&period=…`),
 * each PDF downloaded through /reports/revenue/{id}/pdf, and "Generate now" for a finished period.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  Badge,
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
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageParam } from '../../components/lists/date-range-fields';
import { listPagination } from '../../components/lists/list-controls';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { formatBytes, formatDateTime } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { GenerateModal } from './generate-modal';
import { generate, loadReports, readFilters } from './revenue.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'revenueReports.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'reports:revenue');
  const filters = readFilters(new URL(request.url));
  const reports = await loadReports(request, context, me, filters);
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  return { filters, reports, companyId: me.company.id, currency: me.company.currency, lastMonth };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'reports:revenue');
  return generate(request, context, me, await request.formData());
}

export default function RevenueReports() {
  const { t } = useTranslation();
  const { filters, reports, companyId, currency, lastMonth } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [kind, setKind] = useState<string>(filters.kind);
  const [period, setPeriod] = useState(filters.period);
  const [company, setCompany] = useState(filters.companyId);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setKind(filters.kind);
    setPeriod(filters.period);
    setCompany(filters.companyId);
  }, [filters]);
  useEffect(() => {
    if (answer?.report) setOpen(false);
  }, [answer]);
  useOutcomeToast(
    answer,
    answer?.ok ? { text: t('revenueReports.generated') } : answer?.error ? { text: answer.error, error: true } : null,
  );
  const goTo = usePageParam();
  const pages = Math.ceil(reports.total / reports.items_per_page);
  const rows = reports.data.map((r) => [
    `${r.company_name} (${r.company_id})`,
    tKey(t, `revenueReports.kind.${r.period_kind}`),
    r.period,
    r.status === 'ready' ? (
      <Badge key={`s${r.id}`} tone="success">
        {t('revenueReports.status.ready')}
      </Badge>
    ) : (
      <BlockStack key={`s${r.id}`} gap="100">
        <Badge tone="critical">{t('revenueReports.status.failed')}</Badge>
        {r.error ? (
          <Text as="span" tone="critical" variant="bodySm">
            {r.error}
          </Text>
        ) : null}
      </BlockStack>
    ),
    formatDateTime(r.generated_at),
    r.emailed_at ? formatDateTime(r.emailed_at) : '—',
    r.status === 'ready' ? formatBytes(r.size_bytes, currency) : '—',
    r.status === 'ready' ? (
      <Button key={`d${r.id}`} variant="plain" url={`/reports/revenue/${r.id}/pdf`} external>
        {t('revenueReports.download')}
      </Button>
    ) : (
      ''
    ),
  ]);

  return (
    <Page
      title={t('revenueReports.title')}
      subtitle={t('revenueReports.subtitle')}
      primaryAction={{ content: t('revenueReports.generateNow'), onAction: () => setOpen(true) }}
    >
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <InlineStack gap="300" blockAlign="end">
              <Select
                label={t('revenueReports.filter.kind')}
                name="kind"
                options={[
                  { value: '', label: t('revenueReports.filter.all') },
                  { value: 'month', label: t('revenueReports.kind.month') },
                  { value: 'quarter', label: t('revenueReports.kind.quarter') },
                ]}
                value={kind}
                onChange={setKind}
              />
              <TextField
                label={t('revenueReports.filter.period')}
                name="period"
                placeholder={t('revenueReports.filter.periodHelp')}
                value={period}
                onChange={setPeriod}
                autoComplete="off"
              />
              <TextField
                label={t('revenueReports.filter.company')}
                name="company_id"
                type="number"
                value={company}
                onChange={setCompany}
                autoComplete="off"
              />
              <Button submit loading={navigation.state === 'loading'}>
                {t('revenueReports.filter.apply')}
              </Button>
            </InlineStack>
          </Form>
        </Card>
        <Card padding="0">
          {rows.length === 0 ? (
            <EmptyState heading={t('revenueReports.emptyTitle')} image="">
              <p>{t('revenueReports.emptyBody')}</p>
            </EmptyState>
          ) : (
            <DataTable
              columnContentTypes={['text', 'text', 'text', 'text', 'text', 'text', 'numeric', 'text']}
              headings={[
                t('revenueReports.col.company'),
                t('revenueReports.col.kind'),
                t('revenueReports.col.period'),
                t('revenueReports.col.status'),
                t('revenueReports.col.generated'),
                t('revenueReports.col.emailed'),
                t('revenueReports.col.size'),
                '',
              ]}
              rows={rows}
            />
          )}
        </Card>
        {pages > 1 ? (
          <Pagination {...listPagination(filters.page, reports.total, reports.items_per_page, goTo, '')} />
        ) : null}
      </BlockStack>
      <GenerateModal
        open={open}
        onClose={() => setOpen(false)}
        companyId={companyId}
        lastMonth={lastMonth}
        answer={answer}
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
