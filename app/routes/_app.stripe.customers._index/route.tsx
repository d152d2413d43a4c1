/** @module /stripe/customers: the billed companies' customers from our table (never paged from Stripe), searched and paged. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { IndexTable, Page, Select, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customersAccess } from '../../components/billing/billing.server';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { must } from '../../lib/fleet.server';
import { keyword, listUrl, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingAccounts.customersTitle');

const PAGE_SIZE = 25;
const url = listUrl({ q: keyword({ trim: true }), page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await customersAccess(request, context);
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context);
  const page = must(
    await api.send(
      api.client.api.stripe.customer.all.$get({
        query: {
          page: String(state.page),
          items_per_page: String(PAGE_SIZE),
          ...(state.q ? { keyword: state.q } : {}),
        },
      }),
    ),
    me,
  );
  return { rows: page.data, total: page.total, state, companies: flattenCompanies(me.companies) };
}

export default function Customers() {
  const { t } = useTranslation();
  const { rows, total, state, companies } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const [company, setCompany] = useState(String(companies[0]?.id ?? ''));
  return (
    <Page
      title={t('billingAccounts.customersTitle')}
      fullWidth
      primaryAction={{
        content: t('billingAccounts.addCustomer'),
        disabled: !company,
        onAction: () => navigate(`/stripe/customers/onboard/${company}`),
      }}
    >
      <div style={{ maxWidth: 420, margin: '16px 0' }}>
        <Select
          label={t('billingAccounts.company')}
          options={companies.map((c) => ({ label: `${'  '.repeat(c.depth)}${c.name}`, value: String(c.id) }))}
          value={company}
          onChange={setCompany}
        />
      </div>
      <ListPage
        list={list}
        searchPlaceholder={t('billingAccounts.search')}
        filters={[]}
        appliedFilters={[]}
        cleared={{}}
        allLabel={t('billingAccounts.customersTitle')}
        openWhenSearched
        resourceName={t('billingAccounts.customersTitle')}
        empty={{ heading: t('billingAccounts.emptyTitle'), body: t('billingAccounts.emptyBody') }}
        headings={[
          { title: t('billingAccounts.colCompany') },
          { title: t('billingAccounts.colEmail') },
          { title: t('billingAccounts.colVat') },
          { title: t('billingAccounts.colCustomer') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('billingAccounts.count', { count: total }) }}
      >
        {rows.map((c, index) => (
          <IndexTable.Row
            id={String(c.id)}
            key={c.id}
            position={index}
            onClick={() => navigate(`/stripe/customers/onboard/${c.company_id}`)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {c.company_name ?? c.name}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{c.email ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>{c.tax_id ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>{c.stripe_customer_id ?? '—'}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
