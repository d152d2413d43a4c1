/** @module /stripe/prices: the operator's prices from our tables, by product and status, paginated. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, ChoiceList, type IndexFiltersProps, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { StatusBadges } from '../../components/billing-catalogue/status-badges';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatMoney } from '../../lib/format';
import { keyword, listUrl, oneOf, pageNumber, positiveId } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.prices.title');

const PAGE_SIZE = 25;
const STATUSES = ['active', 'inactive'] as const;
const url = listUrl({ q: keyword({ trim: true }), product: positiveId(), status: oneOf(STATUSES), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context);
  const [page, products] = await Promise.all([
    api.send(
      api.client.api.stripe.prices.$get({
        query: {
          page: String(state.page),
          items_per_page: String(PAGE_SIZE),
          ...(state.product ? { productId: String(state.product) } : {}),
          ...(state.q ? { q: state.q } : {}),
          ...(state.status ? { active: state.status === 'active' ? '1' : '0' } : {}),
        },
      }),
    ),
    api.send(api.client.api.stripe.products.$get({ query: { items_per_page: '100' } })),
  ]);
  const rows = must(page, me);
  return {
    rows: rows.data,
    total: rows.total,
    state,
    products: must(products, me).data.map((p) => ({ id: p.id, name: p.name })),
  };
}

export default function Prices() {
  const { t } = useTranslation();
  const { rows, total, state, products } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const statusLabel = (s: string) => (s === 'active' ? t('billingCatalogue.active') : t('billingCatalogue.inactive'));
  const productName = products.find((p) => p.id === state.product)?.name ?? String(state.product ?? '');
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'product',
      label: t('billingCatalogue.prices.filterProduct'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('billingCatalogue.prices.filterProduct')}
          titleHidden
          choices={products.map((p) => ({ label: p.name, value: String(p.id) }))}
          selected={state.product ? [String(state.product)] : []}
          onChange={([v]) => list.update({ product: v ? Number(v) : null })}
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
    ...(state.product ? [{ key: 'product', label: productName, onRemove: () => list.update({ product: null }) }] : []),
    ...(state.status
      ? [{ key: 'status', label: statusLabel(state.status), onRemove: () => list.update({ status: null }) }]
      : []),
  ];
  return (
    <Page
      title={t('billingCatalogue.prices.title')}
      fullWidth
      primaryAction={{
        content: t('billingCatalogue.prices.create'),
        url: `/stripe/prices/create${state.product ? `?product=${state.product}` : ''}`,
      }}
    >
      <ListPage
        list={list}
        searchPlaceholder={t('billingCatalogue.products.search')}
        openWhenSearched
        filters={filters}
        appliedFilters={applied}
        cleared={{ product: null, status: null }}
        allLabel={t('billingCatalogue.all')}
        resourceName={t('billingCatalogue.prices.title')}
        empty={{ heading: t('billingCatalogue.prices.emptyTitle'), body: t('billingCatalogue.prices.emptyBody') }}
        headings={[
          { title: t('billingCatalogue.prices.colProduct') },
          { title: t('billingCatalogue.prices.colAmount'), alignment: 'end' },
          { title: t('billingCatalogue.prices.colInterval') },
          { title: t('billingCatalogue.prices.colDefault') },
          { title: t('billingCatalogue.prices.colStatus') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('billingCatalogue.prices.count', { count: total }) }}
      >
        {rows.map((p, index) => (
          <IndexTable.Row
            id={String(p.id)}
            key={p.id}
            position={index}
            onClick={() => navigate(`/stripe/prices/update/${p.id}`)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {p.product_name}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(p.unit_amount, p.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{tKey(t, `billingCatalogue.prices.${p.interval}`)}</IndexTable.Cell>
            <IndexTable.Cell>
              {p.default ? <Badge tone="info">{t('billingCatalogue.prices.colDefault')}</Badge> : null}
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
