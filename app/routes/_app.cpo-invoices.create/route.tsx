/**
 * @module /cpo-invoices/create: pick an operator and a month, see the figures computed from that month's
 * sessions (GET /api/cpo-invoices/preview, nothing stored), then create the row (POST /api/cpo-invoices).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  FormLayout,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Figures } from '../../components/cpo-invoices/figure';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'cpoInvoices.createTitle');

const FIELDS = ['operator_id', 'month', 'invoice_date', 'notes'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:cpo-invoices');
  const params = new URL(request.url).searchParams;
  const operatorId = params.get('operator_id') ?? '';
  const month = params.get('month') ?? '';
  const api = createApi(request, context, { language: me.user.language });
  const operators = must(await api.send(api.client.api['cpo-invoices'].operators.$get()), me).data;
  if (!operatorId || !month) return { operators, operatorId, month, preview: null, failed: null };
  const result = await api.send(
    api.client.api['cpo-invoices'].preview.$get({ query: { operator_id: operatorId, month } }),
  );
  if (result.ok) return { operators, operatorId, month, preview: result.data, failed: null };
  if (result.status === 403 && result.error.field !== 'operator_id') forbidden(me, result.error['error-msg']);
  return {
    operators,
    operatorId,
    month,
    preview: null,
    failed: { field: result.error.field ?? null, error: result.error['error-msg'] },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:cpo-invoices');
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api['cpo-invoices'].$post({
      json: {
        operator_id: Number(text('operator_id')),
        month: text('month'),
        ...(text('invoice_date') ? { invoice_date: text('invoice_date') } : {}),
        notes: text('notes') || null,
      },
    }),
  );
  if (!result.ok) {
    if (result.status === 403 && result.error.field !== 'operator_id') forbidden(me, result.error['error-msg']);
    return data({ field: result.error.field ?? null, error: result.error['error-msg'] }, { status: result.status });
  }
  return redirect(`/cpo-invoices/edit/${result.data.id}`, { headers: api.headers() });
}

export default function CreateCpoInvoice() {
  const { t } = useTranslation();
  const { operators, operatorId, month, preview, failed } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const [operator, setOperator] = useState(operatorId);
  const [chosenMonth, setChosenMonth] = useState(month);
  const [invoiceDate, setInvoiceDate] = useState('');
  const [notes, setNotes] = useState('');
  const failure = refused ?? failed;
  const errorOf = fieldErrorFrom(failure);
  const beside = failureBesideFields(failure, FIELDS);
  const figures = preview?.figures;

  if (operators.length === 0)
    return (
      <Page
        title={t('cpoInvoices.createTitle')}
        backAction={{ content: t('cpoInvoices.title'), url: '/cpo-invoices/list' }}
      >
        <Card>
          <EmptyState heading={t('cpoInvoices.noOperators')} image="" />
        </Card>
      </Page>
    );

  return (
    <Page
      title={t('cpoInvoices.createTitle')}
      backAction={{ content: t('cpoInvoices.title'), url: '/cpo-invoices/list' }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {beside ? <Banner tone="critical">{beside}</Banner> : null}
            <Card>
              <Form method="get">
                <FormLayout>
                  <FormLayout.Group>
                    <Select
                      label={t('cpoInvoices.operator')}
                      name="operator_id"
                      options={[
                        { label: t('cpoInvoices.chooseOperator'), value: '' },
                        ...operators.map((o) => ({ label: o.name, value: String(o.id) })),
                      ]}
                      value={operator}
                      onChange={setOperator}
                      error={errorOf('operator_id')}
                    />
                    <TextField
                      label={t('cpoInvoices.month')}
                      name="month"
                      type="month"
                      autoComplete="off"
                      value={chosenMonth}
                      onChange={setChosenMonth}
                      helpText={t('cpoInvoices.monthHelp')}
                      error={errorOf('month')}
                    />
                  </FormLayout.Group>
                  <Button submit disabled={!operator || !chosenMonth} loading={navigation.state === 'loading'}>
                    {t('cpoInvoices.preview')}
                  </Button>
                </FormLayout>
              </Form>
            </Card>
            {preview && figures ? (
              <Card>
                <BlockStack gap="400">
                  <Text as="h2" variant="headingMd">
                    {t('cpoInvoices.previewTitle', { operator: preview.operator.name, month: preview.month })}
                  </Text>
                  <Text as="p" tone="subdued">
                    {preview.name}
                  </Text>
                  <Figures figures={figures} />
                  <Form method="post">
                    <input type="hidden" name="operator_id" value={operatorId} />
                    <input type="hidden" name="month" value={month} />
                    <FormLayout>
                      <TextField
                        label={t('cpoInvoices.invoiceDate')}
                        name="invoice_date"
                        type="date"
                        autoComplete="off"
                        value={invoiceDate}
                        onChange={setInvoiceDate}
                        helpText={t('cpoInvoices.invoiceDateHelp')}
                        error={errorOf('invoice_date')}
                      />
                      <TextField
                        label={t('cpoInvoices.notes')}
                        name="notes"
                        autoComplete="off"
                        multiline={3}
                        maxLength={2000}
                        value={notes}
                        onChange={setNotes}
                        error={errorOf('notes')}
                      />
                      <Button submit variant="primary" loading={navigation.state === 'submitting'}>
                        {t('cpoInvoices.createAction')}
                      </Button>
                    </FormLayout>
                  </Form>
                </BlockStack>
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
