/** @module /stripe/invoices: invoices from our table, filtered by status, creation month and customer (company id), paginated. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData, useNavigate } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { PlainList } from '../../components/billing-catalogue/plain-list';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDate, formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingInvoices.title');

const PAGE_SIZE = 25;
const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
type Status = (typeof STATUSES)[number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const url = new URL(request.url);
  const page = Math.max(0, Number(url.searchParams.get('page')) || 0);
  const rawStatus = url.searchParams.get('status') ?? '';
  const status = (STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as Status) : undefined;
  const created = /^\d{4}-(0[1-9]|1[0-2])$/.test(url.searchParams.get('created') ?? '')
    ? (url.searchParams.get('created') ?? undefined)
    : undefined;
  const customer = /^[1-9]\d*$/.test(url.searchParams.get('customer') ?? '')
    ? (url.searchParams.get('customer') ?? undefined)
    : undefined;
  const api = createApi(request, context);
  const rows = must(
    await api.send(
      api.client.api.stripe.invoices.$get({
        query: {
          page: String(page),
          items_per_page: String(PAGE_SIZE),
          ...(status ? { status } : {}),
          ...(created ? { created } : {}),
          ...(customer ? { customer } : {}),
        },
      }),
    ),
    me,
  );
  return { rows: rows.data, total: rows.total, page, filters: { status: status ?? '', created, customer } };
}

export default function Invoices() {
  const { t } = useTranslation();
  const { rows, total, page, filters } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [status, setStatus] = useState<string>(filters.status);
  const [created, setCreated] = useState(filters.created ?? '');
  const [customer, setCustomer] = useState(filters.customer ?? '');
  const statusLabel = (s: string) => tKey(t, `billingInvoices.istatus.${s}`);
  return (
    <Page title={t('billingInvoices.title')} subtitle={t('billingInvoices.intro')}>
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <InlineStack gap="300" blockAlign="end">
              <Select
                label={t('billingInvoices.filterStatus')}
                name="status"
                options={[
                  { label: t('billingInvoices.all'), value: '' },
                  ...STATUSES.map((s) => ({ label: statusLabel(s), value: s })),
                ]}
                value={status}
                onChange={setStatus}
              />
              <TextField
                label={t('billingInvoices.filterMonth')}
                name="created"
                value={created}
                onChange={setCreated}
                autoComplete="off"
                placeholder="2026-10"
              />
              <TextField
                label={t('billingInvoices.filterCustomer')}
                name="customer"
                type="number"
                value={customer}
                onChange={setCustomer}
                autoComplete="off"
              />
              <Button submit>{t('billingInvoices.apply')}</Button>
            </InlineStack>
          </Form>
        </Card>
        <PlainList
          resourceName={t('billingInvoices.title')}
          empty={{
            heading: t('billingInvoices.empty'),
            body: t('billingInvoices.emptyHelp'),
            action: { content: t('billingInvoices.all'), url: '/stripe/invoices' },
          }}
          headings={[
            { title: t('billingInvoices.colNumber') },
            { title: t('billingInvoices.colCompany') },
            { title: t('billingInvoices.colEmail') },
            { title: t('billingInvoices.colStatus') },
            { title: t('billingInvoices.colTotalExclTax'), alignment: 'end' },
            { title: t('billingInvoices.colTotal'), alignment: 'end' },
            { title: t('billingInvoices.colAttempts'), alignment: 'end' },
            { title: t('billingInvoices.colCreated') },
          ]}
          rowCount={rows.length}
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
        >
          {rows.map((i, index) => (
            <IndexTable.Row
              id={String(i.id)}
              key={i.id}
              position={index}
              onClick={() => navigate(`/stripe/invoices/${i.id}`)}
            >
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {i.number ?? t('billingInvoices.draftNumber', { id: i.id })}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{i.company_name}</IndexTable.Cell>
              <IndexTable.Cell>{i.customer_email ?? t('billingInvoices.none')}</IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={i.status === 'paid' ? 'success' : i.status === 'open' ? 'attention' : undefined}>
                  {statusLabel(i.status)}
                </Badge>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {formatMoney(i.total_excluding_tax, i.currency)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {formatMoney(i.total, i.currency)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {i.attempt_count}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{formatDate(i.created_at)}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </PlainList>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
