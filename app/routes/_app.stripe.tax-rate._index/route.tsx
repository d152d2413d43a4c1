/** @module /stripe/tax-rate: the operator's tax rates from our table, by status (active or not), paged; the filter in the URL. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { StatusBadges } from '../../components/billing-catalogue/status-badges';
import { choiceFilters } from '../../components/lists/choice-filters';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatNumber } from '../../lib/format';
import { listUrl, oneOf, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { useCompanyCurrency } from '../../lib/use-company-currency';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.taxRates.title');

const PAGE_SIZE = 25;

const STATUSES = ['active', 'inactive'] as const;
const url = listUrl({ status: oneOf(STATUSES), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  // No keyword: the tax rates API has none.
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  const api = createApi(request, context);
  const page = must(
    await api.send(
      api.client.api.stripe.account['tax-rate'].$get({
        query: {
          page: String(state.page),
          items_per_page: String(PAGE_SIZE),
          ...(state.status ? { active: state.status === 'active' ? '1' : '0' } : {}),
        },
      }),
    ),
    me,
  );
  return { rows: page.data, total: page.total, state };
}

export default function TaxRates() {
  const { t } = useTranslation();
  const currency = useCompanyCurrency();
  const { rows, total, state } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const { filters, applied } = choiceFilters([
    {
      key: 'status',
      label: t('billingCatalogue.filterStatus'),
      choices: STATUSES.map((v) => ({
        value: v,
        label: v === 'active' ? t('billingCatalogue.active') : t('billingCatalogue.inactive'),
      })),
      value: state.status,
      onChange: (v) => list.update({ status: STATUSES.find((x) => x === v) ?? null }),
    },
  ]);
  const create = { content: t('billingCatalogue.taxRates.create'), url: '/stripe/tax-rate/create' };
  return (
    <Page title={t('billingCatalogue.taxRates.title')} primaryAction={create}>
      <ListPage
        list={list}
        filters={filters}
        appliedFilters={applied}
        cleared={{ status: null }}
        allLabel={t('billingCatalogue.all')}
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
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('billingCatalogue.taxRates.count', { count: total }) }}
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
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
