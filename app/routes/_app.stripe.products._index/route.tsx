/** @module /stripe/products: the operator's products from our tables (never paged from Stripe), by type, status and name. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { ChoiceList, type IndexFiltersProps, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { StatusBadges } from '../../components/billing-catalogue/status-badges';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatMoney } from '../../lib/format';
import { keyword, listUrl, oneOf, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.products.title');

const PAGE_SIZE = 25;
const TYPES = ['one_time', 'recurring'] as const;
const STATUSES = ['active', 'inactive'] as const;
const url = listUrl({ q: keyword({ trim: true }), type: oneOf(TYPES), status: oneOf(STATUSES), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context);
  const page = must(
    await api.send(
      api.client.api.stripe.products.$get({
        query: {
          page: String(state.page),
          items_per_page: String(PAGE_SIZE),
          ...(state.q ? { q: state.q } : {}),
          ...(state.type ? { types: state.type } : {}),
          ...(state.status ? { active: state.status === 'active' ? '1' : '0' } : {}),
        },
      }),
    ),
    me,
  );
  return { rows: page.data, total: page.total, state };
}

export default function Products() {
  const { t } = useTranslation();
  const { rows, total, state } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const typeLabel = (type: string) =>
    type === 'one_time' ? t('billingCatalogue.products.typeOneTime') : t('billingCatalogue.products.typeRecurring');
  const statusLabel = (s: string) => (s === 'active' ? t('billingCatalogue.active') : t('billingCatalogue.inactive'));
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'type',
      label: t('billingCatalogue.products.type'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('billingCatalogue.products.type')}
          titleHidden
          choices={TYPES.map((v) => ({ label: typeLabel(v), value: v }))}
          selected={state.type ? [state.type] : []}
          onChange={([v]) => list.update({ type: TYPES.find((x) => x === v) ?? null })}
        />
      ),
    },
    {
      key: 'status',
      label: t('billingCatalogue.filterStatus'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('billingCatalogue.filterStatus')}
          titleHidden
          choices={STATUSES.map((v) => ({ label: statusLabel(v), value: v }))}
          selected={state.status ? [state.status] : []}
          onChange={([v]) => list.update({ status: STATUSES.find((x) => x === v) ?? null })}
        />
      ),
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.type ? [{ key: 'type', label: typeLabel(state.type), onRemove: () => list.update({ type: null }) }] : []),
    ...(state.status
      ? [{ key: 'status', label: statusLabel(state.status), onRemove: () => list.update({ status: null }) }]
      : []),
  ];
  return (
    <Page
      title={t('billingCatalogue.products.title')}
      fullWidth
      primaryAction={{ content: t('billingCatalogue.products.create'), url: '/stripe/products/create' }}
    >
      <ListPage
        list={list}
        searchPlaceholder={t('billingCatalogue.products.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ type: null, status: null }}
        allLabel={t('billingCatalogue.all')}
        openWhenSearched
        resourceName={t('billingCatalogue.products.title')}
        empty={{ heading: t('billingCatalogue.products.emptyTitle'), body: t('billingCatalogue.products.emptyBody') }}
        headings={[
          { title: t('billingCatalogue.products.colName') },
          { title: t('billingCatalogue.products.colCountry') },
          { title: t('billingCatalogue.products.colType') },
          { title: t('billingCatalogue.products.colDefaultPrice'), alignment: 'end' },
          { title: t('billingCatalogue.products.colStatus') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('billingCatalogue.products.count', { count: total }) }}
      >
        {rows.map((p, index) => (
          <IndexTable.Row
            id={String(p.id)}
            key={p.id}
            position={index}
            onClick={() => navigate(`/stripe/products/update/${p.id}`)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {p.name}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{p.country}</IndexTable.Cell>
            <IndexTable.Cell>{typeLabel(p.type)}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {p.default_price ? formatMoney(p.default_price.unit_amount, p.default_price.currency) : '—'}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <StatusBadges active={p.active} synced={p.synced} />
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
