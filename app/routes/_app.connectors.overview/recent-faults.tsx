/** @module The overview's recent faults: connectors in Faulted state or reporting an error code, since when. */
import { Link } from '@remix-run/react';
import { Badge, BlockStack, Card, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatDateTime } from '../../lib/format';
import type { RecentFault } from './overview.server';

export function RecentFaultsCard({
  faults,
  timeZone,
  language,
}: {
  faults: { data: RecentFault[]; total: number } | null;
  timeZone: string;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">
            {t('network.faults.title')}
          </Text>
          {faults ? <Badge tone={faults.total ? 'critical' : 'success'}>{String(faults.total)}</Badge> : null}
        </InlineStack>
        {faults === null ? (
          <Text as="p" tone="critical">
            {t('network.faults.loadFailed')}
          </Text>
        ) : faults.data.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('network.faults.none')}
          </Text>
        ) : (
          <ul aria-label={t('network.faults.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {faults.data.map((f) => (
              <li key={f.id} style={{ padding: '8px 0', borderTop: '1px solid var(--p-color-border-secondary)' }}>
                <BlockStack gap="050">
                  <InlineStack gap="200" blockAlign="center">
                    <Link to={`/connectors/${f.id}/detail`}>{f.evseId ?? f.stationName}</Link>
                    <Badge tone={STATUS_TONES[f.bucket]}>{tKey(t, `overview.status.${f.bucket}`)}</Badge>
                  </InlineStack>
                  <Text as="p" variant="bodySm">
                    {f.stationName}
                    {f.city ? ` · ${f.city}` : ''}
                  </Text>
                  <Text as="p" variant="bodySm" tone="critical">
                    {f.errorCode ?? '—'}
                    {f.statusInfo ? ` — ${f.statusInfo}` : ''}
                  </Text>
                  <Text as="p" variant="bodySm" tone="subdued">
                    {f.since
                      ? t('network.faults.since', { when: formatDateTime(f.since, { timeZone, language }) })
                      : t('network.faults.sinceUnknown')}
                  </Text>
                </BlockStack>
              </li>
            ))}
          </ul>
        )}
        {faults && faults.total > faults.data.length ? (
          <Link to="/connectors/list?status=faulted">{t('network.faults.more', { count: faults.total })}</Link>
        ) : null}
      </BlockStack>
    </Card>
  );
}
