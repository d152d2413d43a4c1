/** @module /stripe/coupons: the operator's coupons from our table, current ones or all (deleted too), paged; the tab in the URL. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { useCouponText } from '../../components/billing-catalogue/coupon-form';
import { StatusBadges } from '../../components/billing-catalogue/status-badges';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { listUrl, oneOf, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.coupons.title');

const PAGE_SIZE = 25;
/** The tab: current coupons (no `show`), or all of them with the deleted ones. */
const url = listUrl({ show: oneOf(['all'] as const), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  // No keyword: the coupons API has none.
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  const api = createApi(request, context);
  const page = must(
    await api.send(
      api.client.api.stripe.coupons.$get({
        query: {
          page: String(state.page),
          items_per_page: String(PAGE_SIZE),
          ...(state.show === 'all' ? { deleted: '1' } : {}),
        },
      }),
    ),
    me,
  );
  return { rows: page.data, total: page.total, state };
}

export default function Coupons() {
  const { t } = useTranslation();
  const { rows, total, state } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const text = useCouponText();
  const create = { content: t('billingCatalogue.coupons.create'), url: '/stripe/coupons/create' };
  return (
    <Page title={t('billingCatalogue.coupons.title')} primaryAction={create}>
      <ListPage
        list={list}
        cleared={{}}
        tabs={{
          items: [
            { id: 'current', content: t('billingCatalogue.active') },
            { id: 'all', content: t('billingCatalogue.all') },
          ],
          selected: state.show === 'all' ? 1 : 0,
          onSelect: (i) => list.update({ show: i === 1 ? 'all' : null }),
        }}
        resourceName={t('billingCatalogue.coupons.title')}
        empty={{
          heading: t('billingCatalogue.coupons.emptyTitle'),
          body: t('billingCatalogue.coupons.emptyBody'),
          action: create,
        }}
        headings={[
          { title: t('billingCatalogue.coupons.colName') },
          { title: t('billingCatalogue.coupons.colDiscount'), alignment: 'end' },
          { title: t('billingCatalogue.coupons.colDuration') },
          { title: t('billingCatalogue.coupons.colStatus') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('billingCatalogue.coupons.count', { count: total }) }}
      >
        {rows.map((c, index) => (
          <IndexTable.Row
            id={String(c.id)}
            key={c.id}
            position={index}
            onClick={() => navigate(`/stripe/coupons/update/${c.id}`)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {c.name ?? t('billingCatalogue.coupons.unnamed', { id: c.id })}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {text.discount(c)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{text.duration(c)}</IndexTable.Cell>
            <IndexTable.Cell>
              <StatusBadges
                active={!c.deleted}
                synced={c.synced}
                inactiveLabel={t('billingCatalogue.coupons.deletedBadge')}
              />
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
