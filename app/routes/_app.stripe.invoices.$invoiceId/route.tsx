/**
 * @module /stripe/invoices/{invoiceId}: one invoice (totals, tax, period, attempt count, next payment attempt,
 * status, Stripe's page and PDF), its lines, and validate and send, each confirmed first (POSTs to the API).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Badge, BlockStack, Card, DataTable, InlineGrid, Modal, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingAdmin, rowId } from '../../components/billing-catalogue/catalogue.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingInvoices.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context);
  const param = { invoiceId: rowId(params.invoiceId) };
  const invoice = api.client.api.stripe.invoices[':invoiceId'];
  const [detail, lines] = await Promise.all([
    api.send(invoice.detail.$get({ param })),
    api.send(invoice.lines.$get({ param })),
  ]);
  return { invoice: must(detail, me), lines: lines.ok ? lines.data.data : null };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const param = { invoiceId: rowId(params.invoiceId) };
  const intent = (await request.formData()).get('intent');
  const invoice = api.client.api.stripe.invoices[':invoiceId'];
  const result =
    intent === 'send'
      ? await api.send(invoice['send-invoice'].$post({ param }))
      : await api.send(invoice.validate.$post({ param }));
  if (!result.ok) return { ok: false as const, error: result.error['error-msg'] };
  return { ok: true as const, intent: intent === 'send' ? ('send' as const) : ('validate' as const) };
}

export default function InvoiceDetail() {
  const { t } = useTranslation();
  const { invoice: i, lines } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const [confirm, setConfirm] = useState<'validate' | 'send' | null>(null);
  useOutcomeToast(
    answer,
    answer &&
      (answer.ok
        ? { text: t(answer.intent === 'send' ? 'billingInvoices.sent' : 'billingInvoices.validated') }
        : { text: answer.error, error: true }),
  );
  const money = (minor: number) => formatMoney(minor, i.currency);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : t('billingInvoices.none'));
  const canValidate = i.status === 'draft';
  const canSend = !i.sent_at && (i.status === 'draft' || i.status === 'open');
  const facts: [string, string][] = [
    [t('billingInvoices.colCompany'), i.company_name],
    [t('billingInvoices.colEmail'), i.customer_email ?? t('billingInvoices.none')],
    [
      t('billingInvoices.colPeriod'),
      i.period_start && i.period_end
        ? `${formatDate(i.period_start)} – ${formatDate(i.period_end)}`
        : t('billingInvoices.none'),
    ],
    [t('billingInvoices.subtotal'), money(i.subtotal)],
    [t('billingInvoices.colTotalExclTax'), money(i.total_excluding_tax)],
    [t('billingInvoices.tax'), money(i.tax)],
    [t('billingInvoices.total'), money(i.total)],
    [t('billingInvoices.amountDue'), money(i.amount_due)],
    [t('billingInvoices.amountPaid'), money(i.amount_paid)],
    [t('billingInvoices.colAttempts'), String(i.attempt_count)],
    [t('billingInvoices.colNextAttempt'), when(i.next_payment_attempt)],
    [t('billingInvoices.colCreated'), when(i.created_at)],
  ];
  return (
    <Page
      title={i.number ?? t('billingInvoices.draftNumber', { id: i.id })}
      titleMetadata={<Badge>{tKey(t, `billingInvoices.istatus.${i.status}`)}</Badge>}
      backAction={{ content: t('billingInvoices.title'), url: '/stripe/invoices' }}
      primaryAction={
        canValidate ? { content: t('billingInvoices.validate'), onAction: () => setConfirm('validate') } : undefined
      }
      secondaryActions={[
        ...(canSend ? [{ content: t('billingInvoices.send'), onAction: () => setConfirm('send') }] : []),
        ...(i.hosted_invoice_url
          ? [{ content: t('billingInvoices.hosted'), url: i.hosted_invoice_url, external: true }]
          : []),
        ...(i.invoice_pdf ? [{ content: t('billingInvoices.pdf'), url: i.invoice_pdf, external: true }] : []),
      ]}
    >
      <BlockStack gap="400">
        <Card>
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
            {facts.map(([label, value]) => (
              <BlockStack key={label} gap="100">
                <Text as="span" tone="subdued">
                  {label}
                </Text>
                <Text as="span">{value}</Text>
              </BlockStack>
            ))}
          </InlineGrid>
        </Card>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t('billingInvoices.lines')}
            </Text>
            {lines && lines.length > 0 ? (
              <DataTable
                columnContentTypes={['text', 'numeric', 'numeric', 'numeric']}
                headings={[
                  t('billingInvoices.colDescription'),
                  t('billingInvoices.colQuantity'),
                  t('billingInvoices.colUnit'),
                  t('billingInvoices.colAmount'),
                ]}
                rows={lines.map((l) => [
                  l.description,
                  String(l.quantity),
                  formatMoney(l.unit_amount, l.currency),
                  formatMoney(l.amount, l.currency),
                ])}
              />
            ) : (
              <Text as="p" tone="subdued">
                {t('billingInvoices.linesEmpty')}
              </Text>
            )}
          </BlockStack>
        </Card>
      </BlockStack>
      <Modal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'send' ? t('billingInvoices.sendTitle') : t('billingInvoices.validateTitle')}
        primaryAction={{
          content: confirm === 'send' ? t('billingInvoices.send') : t('billingInvoices.validate'),
          loading: busy,
          onAction: () => {
            if (confirm) submit({ intent: confirm }, { method: 'post' });
            setConfirm(null);
          },
        }}
        secondaryActions={[{ content: t('billingInvoices.cancel'), onAction: () => setConfirm(null) }]}
      >
        <Modal.Section>
          <Text as="p">{confirm === 'send' ? t('billingInvoices.sendText') : t('billingInvoices.validateText')}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
