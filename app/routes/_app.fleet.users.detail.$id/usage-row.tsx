/** @module One period's charging use of a fleet user against their limit (daily, weekly or monthly), as a progress bar. */

import { BlockStack, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import type { Usage } from '../../lib/fleet';
import { formatNumber } from '../../lib/format';

export function UsageRow({ u, currency }: { u: Usage; currency: string }) {
  const { t } = useTranslation();
  const unit = u.unit === 'kwh' ? 'kWh' : currency;
  const ratio = u.ratio ?? 0;
  return (
    <BlockStack gap="100">
      <InlineStack align="space-between">
        <Text as="span" fontWeight="semibold">
          {tKey(t, `fleet.period.${u.period}`)}
        </Text>
        <Text as="span" tone={ratio >= 1 ? 'critical' : undefined}>
          {u.limit
            ? t('fleet.detail.usedOf', {
                used: formatNumber(u.used, { currency }),
                limit: formatNumber(u.limit, { currency }),
                unit,
              })
            : `${t('fleet.detail.usedNoLimit', { used: formatNumber(u.used, { currency }), unit })} · ${t('fleet.detail.noLimit')}`}
        </Text>
      </InlineStack>
      {u.unit === 'currency' && u.unpriced_kwh ? (
        <Text as="span" tone="subdued">
          {t('fleet.detail.unpricedKwh', { kwh: formatNumber(u.unpriced_kwh) })}
        </Text>
      ) : null}
      {u.limit ? (
        <ProgressBar
          progress={Math.min(100, Math.round(ratio * 100))}
          tone={ratio >= 1 ? 'critical' : ratio >= 0.8 ? 'highlight' : 'primary'}
          size="small"
        />
      ) : null}
    </BlockStack>
  );
}
