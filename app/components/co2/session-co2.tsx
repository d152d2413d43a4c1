/** @module The CO2 card of a session's detail (ADR 053): baseline, charging emissions, avoided, and the factor used. */
import { Badge, BlockStack, Card, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatNumber } from '../../lib/format';
import { formatCo2 } from './co2-tile';

export interface SessionCo2 {
  baseline_kg: number;
  project_kg: number;
  avoided_kg: number;
  vehicle_class: string;
  basis: 'market_certificate' | 'residual_mix';
  country: string;
  g_per_kwh: number;
  factor_year: number | null;
  estimated: boolean;
}

export function SessionCo2Card({ co2, currency }: { co2: SessionCo2; currency?: string }) {
  const { t } = useTranslation();
  const factor = formatNumber(co2.g_per_kwh, { currency });
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t('co2.session')}
        </Text>
        <Text as="p" variant="headingLg" tone={co2.avoided_kg < 0 ? 'critical' : 'success'}>
          {formatCo2(co2.avoided_kg, currency)}
        </Text>
        <Text as="p" tone="subdued">
          {t('co2.baseline', { value: formatCo2(co2.baseline_kg, currency) })} ·{' '}
          {t('co2.project', { value: formatCo2(co2.project_kg, currency) })}
        </Text>
        <InlineStack gap="200">
          <Text as="span" tone="subdued">
            {co2.basis === 'market_certificate'
              ? t('co2.certificate', { factor })
              : t('co2.residual', { country: co2.country || '—', year: co2.factor_year ?? '—', factor })}
          </Text>
          <Text as="span" tone="subdued">
            {t('co2.vehicleClass', { name: tKey(t, `co2.classes.${co2.vehicle_class}`) })}
          </Text>
          {co2.estimated ? <Badge tone="attention">{t('co2.estimated')}</Badge> : null}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
