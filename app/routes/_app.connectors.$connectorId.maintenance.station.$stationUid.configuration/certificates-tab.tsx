/**
 * @module The configuration page's Certificates tab: what the built-in CA issued to the station,
 * how the station answered each CertificateSigned, and revocation (confirmation, RFC 5280 reason).
 */

import { REVOCATION_REASON_NAMES, type RevocationReason } from '@domain/certificates/crl';
import { useNavigation, useSubmit } from '@remix-run/react';
import { Badge, BlockStack, Button, Card, EmptyState, IndexTable, Modal, Select, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatDateTime } from '../../lib/format';
import type { Certificates, IssuedCertificate } from './shared';

const ANSWER_TONE: Record<IssuedCertificate['status'], 'success' | 'critical' | 'warning' | 'info'> = {
  Pending: 'info',
  Accepted: 'success',
  Rejected: 'critical',
  Timeout: 'warning',
  Offline: 'warning',
  Error: 'critical',
};

export function CertificatesTab(props: { data: Certificates; timeZone: string; language: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const [revoking, setRevoking] = useState<IssuedCertificate | null>(null);
  const [reason, setReason] = useState<RevocationReason>('unspecified');
  const at = (iso: string) => formatDateTime(iso, { timeZone: props.timeZone, language: props.language });
  const { certificate_authority: authority, certificates } = props.data;
  const builtIn = authority === 'built-in';
  const confirm = () => {
    if (!revoking) return;
    submit({ intent: 'revoke-certificate', serial: revoking.serial, reason }, { method: 'post' });
    setRevoking(null);
  };

  return (
    <Card padding="0">
      <BlockStack gap="300">
        <div style={{ padding: 'var(--p-space-300) var(--p-space-400) 0' }}>
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t('stationCertificates.title')}
            </Text>
            <Text as="p" tone="subdued">
              {t(`stationCertificates.authority.${builtIn ? 'builtIn' : authority}`)}
            </Text>
          </BlockStack>
        </div>
        <IndexTable
          resourceName={{ singular: t('stationCertificates.tab'), plural: t('stationCertificates.tab') }}
          itemCount={certificates.length}
          selectable={false}
          loading={busy}
          emptyState={
            <EmptyState heading={t('stationCertificates.emptyTitle')} image="">
              <p>{t('stationCertificates.emptyBody')}</p>
            </EmptyState>
          }
          headings={[
            { title: t('stationCertificates.serial') },
            { title: t('stationCertificates.subject') },
            { title: t('stationCertificates.validity') },
            { title: t('stationCertificates.keyType') },
            { title: t('stationCertificates.answer') },
            { title: t('stationCertificates.revoked') },
            { title: '' },
          ]}
        >
          {certificates.map((c, i) => (
            <IndexTable.Row id={c.serial} key={c.serial} position={i}>
              <IndexTable.Cell>
                <Text as="span" breakWord>
                  <code>{c.serial}</code>
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{c.subject}</IndexTable.Cell>
              <IndexTable.Cell>
                {t('stationCertificates.validityRange', { from: at(c.not_before), to: at(c.not_after) })}
              </IndexTable.Cell>
              <IndexTable.Cell>{c.key_type}</IndexTable.Cell>
              <IndexTable.Cell>
                <span title={c.error ?? undefined}>
                  <Badge tone={ANSWER_TONE[c.status]}>{t(`stationCertificates.answers.${c.status}`)}</Badge>
                </span>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {c.revoked_at ? (
                  <Badge tone="critical">
                    {t('stationCertificates.revokedOn', {
                      at: at(c.revoked_at),
                      reason: tKey(t, `stationCertificates.reasons.${c.revocation_reason ?? 'unspecified'}`),
                    })}
                  </Badge>
                ) : (
                  t('stationCertificates.notRevoked')
                )}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {builtIn && !c.revoked_at && (
                  <Button
                    size="slim"
                    tone="critical"
                    disabled={busy}
                    accessibilityLabel={t('stationCertificates.revokeLabel', { serial: c.serial })}
                    onClick={() => {
                      setReason('unspecified');
                      setRevoking(c);
                    }}
                  >
                    {t('stationCertificates.revoke')}
                  </Button>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </BlockStack>
      <Modal
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('stationCertificates.revokeTitle', { serial: revoking?.serial ?? '' })}
        primaryAction={{ content: t('stationCertificates.confirm'), destructive: true, onAction: confirm }}
        secondaryActions={[{ content: t('stationCertificates.cancel'), onAction: () => setRevoking(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{t('stationCertificates.revokeBody')}</Text>
            <Select
              label={t('stationCertificates.reason')}
              options={REVOCATION_REASON_NAMES.map((r) => ({ value: r, label: t(`stationCertificates.reasons.${r}`) }))}
              value={reason}
              onChange={(v) => setReason(v as RevocationReason)}
            />
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
