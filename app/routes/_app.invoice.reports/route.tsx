/**
 * @module /invoice/reports: the invoices created in a month (UTC), per company and currency, with their totals.
 * "Download PDF" gets the same report as a PDF (/invoice/reports/pdf).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { BlockStack, Button, Card, DataTable, EmptyState, InlineStack, Page, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingAdmin } from '../../components/billing-catalogue/catalogue.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingInvoices.reportsTitle');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const asked = new URL(request.url).searchParams.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : new Date().toISOString().slice(0, 7);
  const api = createApi(request, context);
  return must(await api.send(api.client.api.stripe.invoices.reports.$get({ query: { month } })), me);
}

export default function InvoiceReports() {
  const { t } = useTranslation();
  const report = useLoaderData<typeof loader>();
  const [month, setMonth] = useState(report.month);
  return (
    <Page
      title={t('billingInvoices.reportsTitle')}
      subtitle={t('billingInvoices.reportsIntro')}
      primaryAction={
        <Button url={`/invoice/reports/pdf?month=${report.month}`} download>
          {t('billingInvoices.reportPdf')}
        </Button>
      }
    >
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <InlineStack gap="300" blockAlign="end">
              <TextField
                label={t('billingInvoices.month')}
                name="month"
                value={month}
                onChange={setMonth}
                autoComplete="off"
                placeholder="2026-10"
              />
              <Button submit>{t('billingInvoices.apply')}</Button>
            </InlineStack>
          </Form>
        </Card>
        <Card padding={report.data.length === 0 ? undefined : '0'}>
          {report.data.length === 0 ? (
            <EmptyState heading={t('billingInvoices.reportsEmpty')} image="">
              <Text as="p">{report.month}</Text>
            </EmptyState>
          ) : (
            <DataTable
              columnContentTypes={['text', 'text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric']}
              headings={[
                t('billingInvoices.colCompany'),
                t('billingInvoices.filterCustomer'),
                t('billingInvoices.colInvoices'),
                t('billingInvoices.colTotalExclTax'),
                t('billingInvoices.tax'),
                t('billingInvoices.colTotal'),
                t('billingInvoices.colPaid'),
              ]}
              rows={report.data.map((r) => [
                r.company_name,
                String(r.company_id),
                String(r.invoices),
                formatMoney(r.total_excluding_tax, r.currency),
                formatMoney(r.tax, r.currency),
                formatMoney(r.total, r.currency),
                formatMoney(r.amount_paid, r.currency),
              ])}
            />
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
