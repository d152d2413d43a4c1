/** @module /stripe/one-time-products: the one-time products sold, the pending ones (waiting for their invoice) by default. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate, useSearchParams } from '@remix-run/react';
import { Badge, IndexTable, Page, Tabs, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { PlainList } from '../../components/billing-catalogue/plain-list';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.oneTime.title');

const PAGE_SIZE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const page = Math.max(0, Number(search.get('page')) || 0);
  const all = search.get('show') === 'all';
  const api = createApi(request, context);
  const rows = must(
    await api.send(
      api.client.api.stripe['one-time-products'].$get({
        query: { page: String(page), items_per_page: String(PAGE_SIZE), ...(all ? {} : { pending: '1' }) },
      }),
    ),
    me,
  );
  return { rows: rows.data, total: rows.total, page, all };
}

export default function OneTimeProducts() {
  const { t } = useTranslation();
  const { rows, total, page, all } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const create = { content: t('billingCatalogue.oneTime.create'), url: '/stripe/one-time-products/create' };
  const tabs = [
    { id: 'pending', content: t('billingCatalogue.oneTime.pending') },
    { id: 'all', content: t('billingCatalogue.all') },
  ];
  return (
    <Page title={t('billingCatalogue.oneTime.title')} fullWidth primaryAction={create}>
      <Tabs tabs={tabs} selected={all ? 1 : 0} onSelect={(i) => setParams(i === 1 ? { show: 'all' } : {})} />
      <PlainList
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
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
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
      </PlainList>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
