/**
 * @module /stripe/invoices: invoices from our table, filtered by status, creation month and customer (a billed
 * company of the caller's tree), paged; the filters in the URL.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, IndexTable, Page, Text, TextField } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { choiceFilters } from '../../components/lists/choice-filters';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { must } from '../../lib/fleet.server';
import { formatDate, formatMoney } from '../../lib/format';
import { listUrl, oneOf, pageNumber, positiveId, yearMonth } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingInvoices.title');

const PAGE_SIZE = 25;
const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
const url = listUrl({ status: oneOf(STATUSES), created: yearMonth(), customer: positiveId(), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  // No keyword: the invoices API has none.
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  const api = createApi(request, context);
  const page = must(
    await api.send(
      api.client.api.stripe.invoices.$get({
        query: {
          page: String(state.page),
          items_per_page: String(PAGE_SIZE),
          ...(state.status ? { status: state.status } : {}),
          ...(state.created ? { created: state.created } : {}),
          ...(state.customer ? { customer: String(state.customer) } : {}),
        },
      }),
    ),
    me,
  );
  const companies = flattenCompanies(me.companies).map((c) => ({ value: String(c.id), label: c.name }));
  return { rows: page.data, total: page.total, state, companies };
}

export default function Invoices() {
  const { t } = useTranslation();
  const { rows, total, state, companies } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const statusLabel = (s: string) => tKey(t, `billingInvoices.istatus.${s}`);
  const choices = choiceFilters([
    {
      key: 'status',
      label: t('billingInvoices.filterStatus'),
      choices: STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
      value: state.status,
      onChange: (v) => list.update({ status: STATUSES.find((s) => s === v) ?? null }),
    },
    {
      key: 'customer',
      label: t('billingInvoices.filterCustomer'),
      choices: companies,
      value: state.customer ? String(state.customer) : null,
      onChange: (v) => list.update({ customer: v ? Number(v) : null }),
    },
  ]);
  const monthLabel = t('billingInvoices.filterMonth');
  const filters = [
    ...choices.filters,
    {
      key: 'created',
      label: monthLabel,
      filter: (
        <TextField
          label={monthLabel}
          labelHidden
          type="month"
          autoComplete="off"
          placeholder="2026-10"
          value={state.created ?? ''}
          onChange={(v) => list.update({ created: /^\d{4}-\d{2}$/.test(v) ? v : null })}
        />
      ),
    },
  ];
  const applied = [
    ...choices.applied,
    ...(state.created
      ? [{ key: 'created', label: `${monthLabel}: ${state.created}`, onRemove: () => list.update({ created: null }) }]
      : []),
  ];
  return (
    <Page title={t('billingInvoices.title')} subtitle={t('billingInvoices.intro')} fullWidth>
      <ListPage
        list={list}
        filters={filters}
        appliedFilters={applied}
        cleared={{ status: null, created: null, customer: null }}
        allLabel={t('billingInvoices.all')}
        resourceName={t('billingInvoices.title')}
        empty={{ heading: t('billingInvoices.empty'), body: t('billingInvoices.emptyHelp') }}
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
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('billingInvoices.count', { count: total }) }}
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
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
