/** @module /fleet/invoices (spec 001 7.5): the selected fleet company's usage invoices, newest month first, each downloadable as XLSX. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { Badge, BlockStack, Button, Card, EmptyState, IndexTable, Page, Pagination } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDate, formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingJobs.invoices.title');

const PAGE_SIZE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:invoices');
  const page = Math.max(0, Number(new URL(request.url).searchParams.get('page') ?? 0) || 0);
  const api = createApi(request, context);
  const invoices = await api.send(
    api.client.api.company.evfleet.invoices.$get({ query: { page: String(page), items_per_page: String(PAGE_SIZE) } }),
  );
  return { invoices: must(invoices, me), page };
}

export default function FleetInvoices() {
  const { t } = useTranslation();
  const { invoices, page } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const pages = Math.ceil(invoices.total / PAGE_SIZE);
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };
  return (
    <Page title={t('billingJobs.invoices.title')}>
      <BlockStack gap="400">
        <Card padding="0">
          <IndexTable
            resourceName={{ singular: t('billingJobs.invoices.title'), plural: t('billingJobs.invoices.title') }}
            itemCount={invoices.data.length}
            selectable={false}
            emptyState={
              <EmptyState heading={t('billingJobs.invoices.emptyTitle')} image="">
                <p>{t('billingJobs.invoices.emptyBody')}</p>
              </EmptyState>
            }
            headings={[
              { title: t('billingJobs.invoices.colPeriod') },
              { title: t('billingJobs.invoices.colNumber') },
              { title: t('billingJobs.invoices.colStatus') },
              { title: t('billingJobs.invoices.colLines'), alignment: 'end' },
              { title: t('billingJobs.invoices.colTotal'), alignment: 'end' },
              { title: t('billingJobs.invoices.colCreated') },
              { title: '' },
            ]}
          >
            {invoices.data.map((inv, i) => (
              <IndexTable.Row id={String(inv.id)} key={inv.id} position={i}>
                <IndexTable.Cell>{inv.period ?? '—'}</IndexTable.Cell>
                <IndexTable.Cell>{inv.number ?? '—'}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Badge tone={inv.status === 'paid' ? 'success' : undefined}>{inv.status}</Badge>
                </IndexTable.Cell>
                <IndexTable.Cell>{inv.lines}</IndexTable.Cell>
                <IndexTable.Cell>{formatMoney(inv.total, inv.currency)}</IndexTable.Cell>
                <IndexTable.Cell>{formatDate(inv.created_at)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Button url={`/fleet/invoices/${inv.id}/xls`} download>
                    {t('billingJobs.invoices.download')}
                  </Button>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </Card>
        {pages > 1 ? (
          <Pagination
            hasPrevious={page > 0}
            onPrevious={() => goTo(page - 1)}
            hasNext={page + 1 < pages}
            onNext={() => goTo(page + 1)}
            label={t('billingJobs.invoices.count', { count: invoices.total })}
          />
        ) : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
