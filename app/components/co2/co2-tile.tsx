/** @module The CO2-avoided tile (ADR 053): avoided kg or t, what it rests on, and a popover naming method and sources. */
import { Badge, BlockStack, Button, Card, InlineStack, Popover, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKwh, formatNumber } from '../../lib/format';

export interface Co2Figures {
  total: { energy_wh: number; baseline_kg: number; project_kg: number; avoided_kg: number; estimated: boolean };
  method: { fuel_source: { name: string }; residual_mix_source: { name: string; year: number } };
}

/** Kilograms below a tonne, tonnes with two decimals above. */
export function formatCo2(kg: number, currency?: string): string {
  return Math.abs(kg) >= 1000
    ? `${formatNumber(kg / 1000, { currency, maximumFractionDigits: 2 })} t`
    : `${formatNumber(kg, { currency, maximumFractionDigits: 1 })} kg`;
}

export function Co2Tile({ co2, period, currency }: { co2: Co2Figures; period: string; currency?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { total, method } = co2;
  return (
    <Card>
      <BlockStack gap="100">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h3" variant="headingSm" tone="subdued">
            {t('co2.title')} · {period}
          </Text>
          <Popover
            active={open}
            onClose={() => setOpen(false)}
            activator={
              <Button variant="plain" onClick={() => setOpen((o) => !o)}>
                {t('co2.how')}
              </Button>
            }
          >
            <div style={{ maxWidth: 420, padding: 16 }}>
              <Text as="p">
                {t('co2.method', {
                  fuelSource: method.fuel_source.name,
                  gridSource: `${method.residual_mix_source.name}, ${method.residual_mix_source.year}`,
                })}
              </Text>
            </div>
          </Popover>
        </InlineStack>
        <Text as="p" variant="heading2xl" tone={total.avoided_kg < 0 ? 'critical' : 'success'}>
          {formatCo2(total.avoided_kg, currency)}
        </Text>
        <Text as="p" tone="subdued">
          {t('co2.energy', { energy: formatKwh(total.energy_wh, currency) })} ·{' '}
          {t('co2.baseline', { value: formatCo2(total.baseline_kg, currency) })} ·{' '}
          {t('co2.project', { value: formatCo2(total.project_kg, currency) })}
        </Text>
        {total.estimated ? <Badge tone="attention">{t('co2.estimated')}</Badge> : null}
      </BlockStack>
    </Card>
  );
}
