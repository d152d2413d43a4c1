/**
 * @module /stripe/one-time-products: the one-time products sold, the pending ones (waiting for their invoice) by
 * default or all, by billed company, paged; tab and filter in the URL.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, IndexTable, Page, Text } from '@shopify/polaris';
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
import { formatMoney } from '../../lib/format';
import { listUrl, oneOf, pageNumber, positiveId } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.oneTime.title');

const PAGE_SIZE = 25;

/** The tab (pending unless `show=all`) and the billed company. */
const url = listUrl({ show: oneOf(['all'] as const), company: positiveId(), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  // No keyword: the one-time products API has none.
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  const api = createApi(request, context);
  const page = must(
    await api.send(
      api.client.api.stripe['one-time-products'].$get({
        query: {
          page: String(state.page),
          items_per_page: String(PAGE_SIZE),
          ...(state.show === 'all' ? {} : { pending: '1' }),
          ...(state.company ? { company_id: String(state.company) } : {}),
        },
      }),
    ),
    me,
  );
  const companies = flattenCompanies(me.companies).map((c) => ({ value: String(c.id), label: c.name }));
  return { rows: page.data, total: page.total, state, companies };
}

export default function OneTimeProducts() {
  const { t } = useTranslation();
  const { rows, total, state, companies } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const create = { content: t('billingCatalogue.oneTime.create'), url: '/stripe/one-time-products/create' };
  const { filters, applied } = choiceFilters([
    {
      key: 'company',
      label: t('billingCatalogue.oneTime.colCompany'),
      choices: companies,
      value: state.company ? String(state.company) : null,
      onChange: (v) => list.update({ company: v ? Number(v) : null }),
    },
  ]);
  return (
    <Page title={t('billingCatalogue.oneTime.title')} fullWidth primaryAction={create}>
      <ListPage
        list={list}
        filters={filters}
        appliedFilters={applied}
        cleared={{ company: null }}
        tabs={{
          items: [
            { id: 'pending', content: t('billingCatalogue.oneTime.pending') },
            { id: 'all', content: t('billingCatalogue.all') },
          ],
          selected: state.show === 'all' ? 1 : 0,
          onSelect: (i) => list.update({ show: i === 1 ? 'all' : null }),
        }}
        resourceName={t('billingCatalogue.oneTime.title')}
        empty={{
          heading: t('billingCatalogue.oneTime.emptyTitle'),
          body: t('billingCatalogue.oneTime.emptyBody'),
          action: create,
        }}
        headings={[
          { title: t('billingCatalogue.oneTime.colCompany') },
          { title: t('billingCatalogue.oneTime.colProduct') },
          { title: t('billingCatalogue.oneTime.colQuantity'), alignment: 'end' },
          { title: t('billingCatalogue.oneTime.colUnitPrice'), alignment: 'end' },
          { title: t('billingCatalogue.oneTime.colTotal'), alignment: 'end' },
          { title: t('billingCatalogue.oneTime.colCoupon') },
          { title: t('billingCatalogue.oneTime.colStatus') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('billingCatalogue.oneTime.count', { count: total }) }}
      >
        {rows.map((l, index) => (
          <IndexTable.Row
            id={String(l.id)}
            key={l.id}
            position={index}
            onClick={() => (l.status === 'pending' ? navigate(`/stripe/one-time-products/update/${l.id}`) : undefined)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {l.company_name}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{l.product_name}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {l.quantity}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(l.unit_amount, l.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(l.total_excluding_tax, l.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{l.coupon_name || '—'}</IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={l.status === 'pending' ? 'attention' : l.status === 'invoiced' ? 'success' : undefined}>
                {tKey(t, `billingCatalogue.oneTime.${l.status}`)}
              </Badge>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
