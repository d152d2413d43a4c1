/**
 * @module The customer service log modal of spec section 2: connector EVSE id, creation date
 * (YYYY-MM-DD), action, detail shown as Success or Failed with the error message, and a button to
 * the connector (support agents to its support page, others to its maintenance page).
 */
import { Badge, BlockStack, InlineStack, Modal, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { connectorHome } from '../../lib/connector-links';

export interface ServiceLogEntry {
  id: number;
  connector_id: number | null;
  connector_evseid: string | null;
  station_uid: string | null;
  created_at: string;
  action: string;
  result: 'success' | 'failed';
  error_message: string | null;
  user_email: string | null;
  request: Record<string, unknown> | null;
  reply_status: string | null;
}

/** YYYY-MM-DD in UTC, as the spec shows the creation date. */
export const logDate = (iso: string) => iso.slice(0, 10);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <InlineStack gap="400" align="space-between" blockAlign="start" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" alignment="end" breakWord>
        {children}
      </Text>
    </InlineStack>
  );
}

export function ResultBadge({ entry }: { entry: ServiceLogEntry }) {
  const { t } = useTranslation();
  return entry.result === 'success' ? (
    <Badge tone="success">{t('maintenance.log.success')}</Badge>
  ) : (
    <Badge tone="critical">{t('maintenance.log.failed')}</Badge>
  );
}

export function ServiceLogModal({
  entry,
  permissions,
  onClose,
}: {
  entry: ServiceLogEntry | null;
  permissions: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={entry !== null}
      onClose={onClose}
      title={entry ? `${t('maintenance.log.title')} · ${entry.connector_evseid ?? entry.station_uid ?? ''}` : ''}
      primaryAction={
        entry?.connector_id
          ? { content: t('maintenance.log.toConnector'), url: connectorHome(permissions, entry.connector_id) }
          : undefined
      }
      secondaryActions={[{ content: t('maintenance.log.close'), onAction: onClose }]}
    >
      {entry && (
        <Modal.Section>
          <BlockStack gap="300">
            <Row label={t('maintenance.log.evseId')}>{entry.connector_evseid ?? '—'}</Row>
            <Row label={t('maintenance.log.date')}>{logDate(entry.created_at)}</Row>
            <Row label={t('maintenance.log.action')}>{entry.action}</Row>
            <Row label={t('maintenance.log.who')}>{entry.user_email ?? '—'}</Row>
            <BlockStack gap="100">
              <Text as="span" tone="subdued">
                {t('maintenance.log.detail')}
              </Text>
              <InlineStack gap="200" blockAlign="center">
                <ResultBadge entry={entry} />
                {entry.reply_status && (
                  <Text as="span">{t('maintenance.log.answer', { status: entry.reply_status })}</Text>
                )}
              </InlineStack>
              {entry.result === 'failed' && entry.error_message && (
                <Text as="p" tone="critical">
                  {entry.error_message}
                </Text>
              )}
              {entry.request && (
                <Text as="p" tone="subdued" variant="bodySm" breakWord>
                  {JSON.stringify(entry.request)}
                </Text>
              )}
            </BlockStack>
          </BlockStack>
        </Modal.Section>
      )}
    </Modal>
  );
}
