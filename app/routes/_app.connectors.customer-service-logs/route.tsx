/**
 * @module /connectors/customer-service-logs: every command sent to a charge point of the company tree,
 * who sent it, what and the answer (spec sections 2 and 3), filtered and paginated in the URL; a row
 * opens the customer service log modal.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Page,
  Pagination,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  logDate,
  ResultBadge,
  type ServiceLogEntry,
  ServiceLogModal,
} from '../../components/maintenance/service-log-modal';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { formatDateTime } from '../../lib/format';
import { type ServiceLogPage, unwrap } from '../../lib/maintenance.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.log.pageTitle');

const PAGE_SIZE = 25;
const FILTERS = ['keyword', 'action', 'result', 'from', 'to'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:logs');
  const url = new URL(request.url);
  const get = (name: string) => url.searchParams.get(name)?.trim() || undefined;
  const page = Math.max(0, Number.parseInt(get('page') ?? '0', 10) || 0);
  const raw = get('result');
  const result: 'success' | 'failed' | undefined = raw === 'success' || raw === 'failed' ? raw : undefined;
  const query = {
    page: String(page),
    items_per_page: String(PAGE_SIZE),
    // Filters are only sent when provided (spec section 5); malformed dates are dropped, not sent.
    ...(get('keyword') ? { keyword: get('keyword') } : {}),
    ...(get('action') ? { action: get('action') } : {}),
    result,
    ...(get('from') && DATE.test(get('from') ?? '') ? { from: get('from') } : {}),
    ...(get('to') && DATE.test(get('to') ?? '') ? { to: get('to') } : {}),
  };
  const api = createApi(request, context);
  const logs = unwrap<ServiceLogPage>(me, await api.send(api.client.api['customer-services'].logs.$get({ query })));
  return {
    logs,
    permissions: me.permissions,
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

export default function CustomerServiceLogsPage() {
  const { t } = useTranslation();
  const { logs, permissions, timeZone, language } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [open, setOpen] = useState<ServiceLogEntry | null>(null);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])),
  );
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const filtered = FILTERS.some((f) => params.get(f));
  const first = logs.page * logs.items_per_page;
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  return (
    <Page title={t('maintenance.log.pageTitle')} subtitle={t('maintenance.log.utc')}>
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <InlineStack gap="300" blockAlign="end" wrap>
              <div style={{ minWidth: 240, flex: 1 }}>
                <TextField
                  label={t('maintenance.log.search')}
                  name="keyword"
                  value={values.keyword}
                  onChange={set('keyword')}
                  autoComplete="off"
                />
              </div>
              <Select
                label={t('maintenance.log.filterAction')}
                name="action"
                value={values.action}
                onChange={set('action')}
                options={[
                  { label: t('maintenance.log.allActions'), value: '' },
                  ...logs.actions.map((a) => ({ label: a, value: a })),
                ]}
              />
              <Select
                label={t('maintenance.log.filterResult')}
                name="result"
                value={values.result}
                onChange={set('result')}
                options={[
                  { label: t('maintenance.log.allResults'), value: '' },
                  { label: t('maintenance.log.success'), value: 'success' },
                  { label: t('maintenance.log.failed'), value: 'failed' },
                ]}
              />
              <TextField
                label={t('maintenance.log.from')}
                type="date"
                name="from"
                value={values.from}
                onChange={set('from')}
                autoComplete="off"
              />
              <TextField
                label={t('maintenance.log.to')}
                type="date"
                name="to"
                value={values.to}
                onChange={set('to')}
                autoComplete="off"
              />
              <Button submit loading={navigation.state === 'loading'}>
                {t('maintenance.log.apply')}
              </Button>
            </InlineStack>
          </Form>
        </Card>
        <Card padding="0">
          {logs.data.length === 0 ? (
            <EmptyState heading={filtered ? t('maintenance.log.emptyFiltered') : t('maintenance.log.empty')} image="" />
          ) : (
            <IndexTable
              resourceName={{ singular: t('maintenance.log.title'), plural: t('maintenance.log.pageTitle') }}
              itemCount={logs.data.length}
              selectable={false}
              headings={[
                { title: t('maintenance.log.date') },
                { title: t('maintenance.log.evseId') },
                { title: t('maintenance.log.station') },
                { title: t('maintenance.log.action') },
                { title: t('maintenance.log.who') },
                { title: t('maintenance.log.result') },
              ]}
            >
              {logs.data.map((entry, index) => (
                <IndexTable.Row id={String(entry.id)} key={entry.id} position={index} onClick={() => setOpen(entry)}>
                  <IndexTable.Cell>
                    <span title={formatDateTime(entry.created_at, { timeZone, language })}>
                      {logDate(entry.created_at)}
                    </span>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" fontWeight="semibold">
                      {entry.connector_evseid ?? '—'}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{entry.station_uid ?? '—'}</IndexTable.Cell>
                  <IndexTable.Cell>{entry.action}</IndexTable.Cell>
                  <IndexTable.Cell>{entry.user_email ?? '—'}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack gap="100">
                      <ResultBadge entry={entry} />
                      {entry.reply_status && <Badge>{entry.reply_status}</Badge>}
                    </InlineStack>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
        {logs.total > 0 && (
          <InlineStack align="center" gap="400" blockAlign="center">
            <Pagination
              hasPrevious={logs.page > 0}
              onPrevious={() => goTo(logs.page - 1)}
              hasNext={first + logs.data.length < logs.total}
              onNext={() => goTo(logs.page + 1)}
            />
            <Text as="span" tone="subdued">
              {t('maintenance.log.showing', { from: first + 1, to: first + logs.data.length, total: logs.total })}
            </Text>
          </InlineStack>
        )}
      </BlockStack>
      <ServiceLogModal entry={open} permissions={permissions} onClose={() => setOpen(null)} />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
