/** @module The timeline of an operator invoice: every change, newest first, with who made it and when. */
import { BlockStack, Card, Text } from '@shopify/polaris';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  CPO_INVOICE_CHECKS,
  CPO_INVOICE_STATUSES,
  type CpoInvoiceCheck,
  type CpoInvoiceStatus,
  checkLabel,
  statusLabel,
} from './labels';

export interface TimelineEntry {
  id: number;
  kind: string;
  detail: Record<string, unknown> | null;
  actor: { id: number; email: string | null } | null;
  at: string;
}

const isCheck = (v: unknown): v is CpoInvoiceCheck => CPO_INVOICE_CHECKS.some((c) => c === v);
const isStatus = (v: unknown): v is CpoInvoiceStatus => CPO_INVOICE_STATUSES.some((s) => s === v);

function entryText(t: TFunction, e: TimelineEntry): string {
  const d = e.detail ?? {};
  switch (e.kind) {
    case 'created':
      return t('cpoInvoices.timelineCreated');
    case 'recomputed':
      return t('cpoInvoices.timelineRecomputed');
    case 'status':
      return isStatus(d.from) && isStatus(d.to)
        ? t('cpoInvoices.timelineStatus', { from: statusLabel(t, d.from), to: statusLabel(t, d.to) })
        : e.kind;
    case 'check':
      return isCheck(d.check)
        ? t(d.value ? 'cpoInvoices.timelineCheckOn' : 'cpoInvoices.timelineCheckOff', { check: checkLabel(t, d.check) })
        : e.kind;
    case 'notes':
      return t('cpoInvoices.timelineNotes');
    case 'invoice-date':
      return t('cpoInvoices.timelineDate');
    default:
      return e.kind;
  }
}

export function Timeline({
  entries,
  invoiceDate,
  timeZone,
}: {
  entries: TimelineEntry[];
  invoiceDate: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const when = (at: string) => formatDateTime(at, { timeZone, language: i18n.language });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('cpoInvoices.timeline')}
        </Text>
        <Text as="p" tone="subdued">
          {t('cpoInvoices.colDate')}:{' '}
          {formatDate(`${invoiceDate}T12:00:00Z`, { timeZone: 'UTC', language: i18n.language })}
        </Text>
        <BlockStack gap="200" as="ul">
          {[...entries].reverse().map((e) => (
            <BlockStack key={e.id} gap="050" as="li">
              <Text as="span">{entryText(t, e)}</Text>
              <Text as="span" variant="bodySm" tone="subdued">
                {when(e.at)}
                {e.actor?.email ? ` · ${t('cpoInvoices.by', { email: e.actor.email })}` : ''}
              </Text>
            </BlockStack>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
