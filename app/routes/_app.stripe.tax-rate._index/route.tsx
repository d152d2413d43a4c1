/** @module /stripe/tax-rate: the operator's tax rates from our table, paginated. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { PlainList } from '../../components/billing-catalogue/plain-list';
import { StatusBadges } from '../../components/billing-catalogue/status-badges';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { useCompanyCurrency } from '../../lib/use-company-currency';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.taxRates.title');

const PAGE_SIZE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const page = Math.max(0, Number(new URL(request.url).searchParams.get('page')) || 0);
  const api = createApi(request, context);
  const rows = must(
    await api.send(
      api.client.api.stripe.account['tax-rate'].$get({
        query: { page: String(page), items_per_page: String(PAGE_SIZE) },
      }),
    ),
    me,
  );
  return { rows: rows.data, total: rows.total, page };
}

export default function TaxRates() {
  const { t } = useTranslation();
  const currency = useCompanyCurrency();
  const { rows, total, page } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const create = { content: t('billingCatalogue.taxRates.create'), url: '/stripe/tax-rate/create' };
  return (
    <Page title={t('billingCatalogue.taxRates.title')} primaryAction={create}>
      <PlainList
        resourceName={t('billingCatalogue.taxRates.title')}
        empty={{
          heading: t('billingCatalogue.taxRates.emptyTitle'),
          body: t('billingCatalogue.taxRates.emptyBody'),
          action: create,
        }}
        headings={[
          { title: t('billingCatalogue.taxRates.colDescription') },
          { title: t('billingCatalogue.taxRates.colPercentage'), alignment: 'end' },
          { title: t('billingCatalogue.taxRates.colJurisdiction') },
          { title: t('billingCatalogue.taxRates.colType') },
          { title: t('billingCatalogue.taxRates.colInclusive') },
          { title: t('billingCatalogue.filterStatus') },
        ]}
        rowCount={rows.length}
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
      >
        {rows.map((r, index) => (
          <IndexTable.Row
            id={String(r.id)}
            key={r.id}
            position={index}
            onClick={() => navigate(`/stripe/tax-rate/update/${r.id}`)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {r.description}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {`${formatNumber(r.percentage, { currency, maximumFractionDigits: 4 })} %`}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{r.jurisdiction ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>{r.tax_type ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>
              {r.inclusive ? t('billingCatalogue.taxRates.inclusiveYes') : t('billingCatalogue.taxRates.inclusiveNo')}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <StatusBadges active={r.active} synced={r.synced} />
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </PlainList>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
