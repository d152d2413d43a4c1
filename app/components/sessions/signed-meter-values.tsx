/**
 * @module The "Signed meter values" card of a session (Eichrecht, ADR 060), shared by the operator's
 * session detail and the driver's own session: each signed reading with its verification badge, the
 * meter serial, and the S.A.F.E. download; an empty state when the session has none.
 */
import { Badge, type BadgeProps, BlockStack, Button, Card, DataTable, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatDateTime, formatKwh } from '../../lib/format';

export interface SignedMeterValueView {
  id: number;
  at: string;
  context: string;
  format: string;
  status: 'valid' | 'invalid' | 'no_public_key' | 'unsupported' | 'malformed';
  message: string;
  meter_serial: string | null;
  public_key_source: 'value' | 'station' | 'none';
  readings: { time: string | null; value_wh: number | null; reason: string | null; status: string | null }[];
}

const TONE: Record<SignedMeterValueView['status'], BadgeProps['tone']> = {
  valid: 'success',
  invalid: 'critical',
  no_public_key: 'attention',
  unsupported: 'info',
  malformed: 'warning',
};

export function SignedMeterValuesCard({
  values,
  downloadUrl,
  currency,
}: {
  values: SignedMeterValueView[];
  downloadUrl: string;
  currency?: string;
}) {
  const { t, i18n } = useTranslation();
  const serials = [...new Set(values.map((v) => v.meter_serial).filter((s): s is string => s !== null))];
  const rows = values.map((v) => {
    const reading = v.readings.find((r) => r.value_wh !== null);
    return [
      v.context,
      formatDateTime(reading?.time ?? v.at, { language: i18n.language }),
      reading?.value_wh != null ? formatKwh(reading.value_wh, currency) : '—',
      v.format,
      <span key={v.id} title={v.message} data-testid={`signed-status-${v.id}`}>
        <Badge tone={TONE[v.status]}>{tKey(t, `signedValues.status.${v.status}`)}</Badge>
      </span>,
    ];
  });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('signedValues.title')}
          </Text>
          {values.length > 0 ? (
            <Button url={downloadUrl} external>
              {t('signedValues.download')}
            </Button>
          ) : null}
        </InlineStack>
        {values.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('signedValues.empty')}
          </Text>
        ) : (
          <>
            <Text as="p" tone="subdued">
              {serials.length > 0
                ? t('signedValues.meterSerial', { serial: serials.join(', ') })
                : t('signedValues.noSerial')}
            </Text>
            <DataTable
              columnContentTypes={['text', 'text', 'numeric', 'text', 'text']}
              headings={[
                t('signedValues.context'),
                t('signedValues.time'),
                t('signedValues.reading'),
                t('signedValues.format'),
                t('signedValues.check'),
              ]}
              rows={rows}
            />
            {values.some((v) => v.public_key_source === 'station') ? (
              <Text as="p" variant="bodySm" tone="subdued">
                {t('signedValues.keyFromStation')}
              </Text>
            ) : null}
          </>
        )}
      </BlockStack>
    </Card>
  );
}
