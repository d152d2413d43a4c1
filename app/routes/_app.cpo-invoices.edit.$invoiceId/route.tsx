/**
 * @module /cpo-invoices/edit/{invoiceId}: one row of the operator invoice board: its figures (recomputed
 * while draft), the three admin checks, the status along its allowed transitions (paid after a
 * confirmation: it is final), notes and invoice date, and the timeline of every change.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Modal,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Figures } from '../../components/cpo-invoices/figure';
import {
  CPO_INVOICE_CHECKS,
  CPO_INVOICE_STATUSES,
  type CpoInvoiceCheck,
  type CpoInvoiceStatus,
  checkLabel,
  STATUS_TONE,
  statusLabel,
} from '../../components/cpo-invoices/labels';
import { Timeline } from '../../components/cpo-invoices/timeline';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { fleetId, must } from '../../lib/fleet.server';
import { formatDateTime } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'cpoInvoices.title');

const FIELDS = ['status', 'checks', 'notes', 'invoice_date'] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:cpo-invoices');
  const id = fleetId(params.invoiceId);
  const api = createApi(request, context, { language: me.user.language });
  const invoice = must(await api.send(api.client.api['cpo-invoices'][':id'].$get({ param: { id: String(id) } })), me);
  return { invoice, timeZone: me.company.timeZone };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'billing:cpo-invoices');
  const id = String(fleetId(params.invoiceId));
  const form = await request.formData();
  const api = createApi(request, context, { language: me.user.language });
  const intent = form.get('intent');
  const result =
    intent === 'recompute'
      ? await api.send(api.client.api['cpo-invoices'][':id'].recompute.$post({ param: { id } }))
      : await api.send(
          api.client.api['cpo-invoices'][':id'].$put({
            param: { id },
            json: {
              checks: Object.fromEntries(CPO_INVOICE_CHECKS.map((c) => [c, form.get(c) === 'true'])) as Record<
                CpoInvoiceCheck,
                boolean
              >,
              ...(CPO_INVOICE_STATUSES.find((s) => s === form.get('status'))
                ? { status: form.get('status') as CpoInvoiceStatus }
                : {}),
              notes: String(form.get('notes') ?? '').trim() || null,
              ...(form.get('invoice_date') ? { invoice_date: String(form.get('invoice_date')) } : {}),
            },
          }),
        );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data(
      { ok: false as const, intent, field: result.error.field ?? null, error: result.error['error-msg'] },
      { status: result.status },
    );
  }
  return { ok: true as const, intent, field: null, error: null };
}

export default function EditCpoInvoice() {
  const { t, i18n } = useTranslation();
  const { invoice, timeZone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [checks, setChecks] = useState(invoice.checks);
  const [status, setStatus] = useState('');
  const [notes, setNotes] = useState(invoice.notes ?? '');
  const [invoiceDate, setInvoiceDate] = useState(invoice.invoice_date);
  const [confirming, setConfirming] = useState(false);
  // A saved change reloads the row: the form starts again from what is stored.
  useEffect(() => {
    setChecks(invoice.checks);
    setStatus('');
    setNotes(invoice.notes ?? '');
    setInvoiceDate(invoice.invoice_date);
  }, [invoice]);
  const paid = invoice.status === 'paid';
  const busy = navigation.state !== 'idle';
  const errorOf = fieldErrorFrom(answer, { nested: true });
  const beside = failureBesideFields(answer, FIELDS, { nested: true });
  useOutcomeToast(
    answer,
    answer?.ok
      ? { text: t(answer.intent === 'recompute' ? 'cpoInvoices.recomputed' : 'cpoInvoices.saved') }
      : answer && beside
        ? { text: beside, error: true }
        : null,
  );
  const when = (at: string) => formatDateTime(at, { timeZone, language: i18n.language });

  return (
    <Page
      title={invoice.name}
      subtitle={`${invoice.operator.name} · ${invoice.month}`}
      titleMetadata={<Badge tone={STATUS_TONE[invoice.status]}>{statusLabel(t, invoice.status)}</Badge>}
      backAction={{ content: t('cpoInvoices.title'), url: '/cpo-invoices/list' }}
    >
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('cpoInvoices.paidTitle')}
        primaryAction={{
          content: t('cpoInvoices.paidConfirm'),
          destructive: true,
          onAction: () => {
            setConfirming(false);
            if (form.current) submit(form.current);
          },
        }}
        secondaryActions={[{ content: t('cpoInvoices.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('cpoInvoices.paidBody')}</Text>
        </Modal.Section>
      </Modal>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    {t('cpoInvoices.figures')}
                  </Text>
                  {invoice.status === 'draft' ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="recompute" />
                      <Button submit loading={busy && navigation.formData?.get('intent') === 'recompute'}>
                        {t('cpoInvoices.recompute')}
                      </Button>
                    </Form>
                  ) : null}
                </InlineStack>
                <Figures figures={invoice} />
                <Text as="p" tone="subdued">
                  {t('cpoInvoices.computedAt', { at: when(invoice.computed_at) })} · {t('cpoInvoices.recomputeHelp')}
                </Text>
              </BlockStack>
            </Card>
            {beside && !answer?.ok ? <Banner tone="critical">{beside}</Banner> : null}
            <Card>
              <Form
                method="post"
                ref={form}
                onSubmit={(e) => {
                  if (status === 'paid' && !confirming) {
                    e.preventDefault();
                    setConfirming(true);
                  }
                }}
              >
                <input type="hidden" name="intent" value="save" />
                {CPO_INVOICE_CHECKS.map((c) => (
                  <input key={c} type="hidden" name={c} value={String(checks[c])} />
                ))}
                <FormLayout>
                  <Text as="h2" variant="headingMd">
                    {t('cpoInvoices.checks')}
                  </Text>
                  <BlockStack gap="100">
                    {CPO_INVOICE_CHECKS.map((c) => (
                      <Checkbox
                        key={c}
                        label={checkLabel(t, c)}
                        checked={checks[c]}
                        disabled={paid}
                        onChange={(value) => setChecks({ ...checks, [c]: value })}
                        error={errorOf(`checks.${c}` as (typeof FIELDS)[number])}
                      />
                    ))}
                  </BlockStack>
                  <Select
                    label={t('cpoInvoices.moveTo')}
                    name="status"
                    disabled={paid}
                    options={[
                      { label: t('cpoInvoices.keepStatus', { status: statusLabel(t, invoice.status) }), value: '' },
                      ...invoice.next_statuses.map((s) => ({ label: statusLabel(t, s), value: s })),
                    ]}
                    value={status}
                    onChange={setStatus}
                    error={errorOf('status')}
                  />
                  <TextField
                    label={t('cpoInvoices.invoiceDate')}
                    name="invoice_date"
                    type="date"
                    autoComplete="off"
                    disabled={paid}
                    value={invoiceDate}
                    onChange={setInvoiceDate}
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
                  <Button submit variant="primary" loading={busy && navigation.formData?.get('intent') === 'save'}>
                    {t('cpoInvoices.save')}
                  </Button>
                </FormLayout>
              </Form>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Timeline entries={invoice.timeline} invoiceDate={invoice.invoice_date} timeZone={timeZone} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
