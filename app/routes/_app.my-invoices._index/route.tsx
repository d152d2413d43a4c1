/**
 * @module /my-invoices (issue 21 part 7, spec 7.10 POST my-invoices): the invoices that bill the caller's own
 * sessions, newest first, filtered by status in the URL, with the caller's share; the invoice total only
 * when the invoice is wholly theirs. Role 55 (personal:self-charge).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, ChoiceList, type IndexFiltersProps, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDate, formatMoney } from '../../lib/format';
import { listUrl, oneOf, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'myPages.invoices.title');

const PAGE_SIZE = 20;
const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
const url = listUrl({ status: oneOf(STATUSES), page: pageNumber(100_000) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:self-charge');
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  const api = createApi(request, context, { language: me.user.language });
  const json = { page: state.page, items_per_page: PAGE_SIZE, ...(state.status ? { status: state.status } : {}) };
  const page = must(await api.send(api.client.api['my-invoices'].$post({ json })), me);
  return { rows: page.data, total: page.total, state };
}

export default function MyInvoices() {
  const { t, i18n } = useTranslation();
  const { rows, total, state } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const statusLabel = (s: string) => tKey(t, `myPages.invoices.statuses.${s}`);
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'status',
      label: t('myPages.invoices.status'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('myPages.invoices.status')}
          titleHidden
          choices={STATUSES.map((s) => ({ label: statusLabel(s), value: s }))}
          selected={state.status ? [state.status] : []}
          onChange={([v]) => list.update({ status: STATUSES.find((s) => s === v) ?? null })}
        />
      ),
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = state.status
    ? [{ key: 'status', label: statusLabel(state.status), onRemove: () => list.update({ status: null }) }]
    : [];
  return (
    <Page title={t('myPages.invoices.title')} subtitle={t('myPages.invoices.subtitle')}>
      <ListPage
        list={list}
        filters={filters}
        appliedFilters={applied}
        cleared={{ status: null }}
        allLabel={t('myPages.invoices.title')}
        resourceName={t('myPages.invoices.title')}
        empty={{ heading: t('myPages.invoices.empty'), body: t('myPages.invoices.emptyHelp') }}
        headings={[
          { title: t('myPages.invoices.number') },
          { title: t('myPages.invoices.created') },
          { title: t('myPages.invoices.status') },
          { title: t('myPages.invoices.mySessions'), alignment: 'end' },
          { title: t('myPages.invoices.myAmount'), alignment: 'end' },
          { title: t('myPages.invoices.total'), alignment: 'end' },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('myPages.invoices.count', { count: total }) }}
      >
        {rows.map((inv, index) => (
          <IndexTable.Row
            id={String(inv.id)}
            key={inv.id}
            position={index}
            onClick={() => navigate(`/my-invoices/${inv.id}`)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {inv.number ?? `#${inv.id}`}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDate(inv.created_at, { language: i18n.language })}</IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={inv.status === 'paid' ? 'success' : inv.status === 'open' ? 'attention' : undefined}>
                {statusLabel(inv.status)}
              </Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {inv.my_sessions}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(inv.my_amount, inv.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric tone={inv.total === null ? 'subdued' : undefined}>
                {inv.total === null ? '—' : formatMoney(inv.total, inv.currency)}
              </Text>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
