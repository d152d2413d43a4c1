/** @module /stripe/coupons: the operator's coupons from our table (deleted ones left out), paginated. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { useCouponText } from '../../components/billing-catalogue/coupon-form';
import { PlainList } from '../../components/billing-catalogue/plain-list';
import { StatusBadges } from '../../components/billing-catalogue/status-badges';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.coupons.title');

const PAGE_SIZE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const page = Math.max(0, Number(new URL(request.url).searchParams.get('page')) || 0);
  const api = createApi(request, context);
  const rows = must(
    await api.send(
      api.client.api.stripe.coupons.$get({ query: { page: String(page), items_per_page: String(PAGE_SIZE) } }),
    ),
    me,
  );
  return { rows: rows.data, total: rows.total, page };
}

export default function Coupons() {
  const { t } = useTranslation();
  const { rows, total, page } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const text = useCouponText();
  const create = { content: t('billingCatalogue.coupons.create'), url: '/stripe/coupons/create' };
  return (
    <Page title={t('billingCatalogue.coupons.title')} primaryAction={create}>
      <PlainList
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
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
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
      </PlainList>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
