/** @module A private user's energy per month of a year (visx bars, kWh): /my-overview and /my-stations/{id}. */
import { BlockStack, Card, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { BarChart } from '../charts/bar-chart';

export function MonthlyEnergy({ months, color }: { months: { month: number; energy_wh: number }[]; color: string }) {
  const { t, i18n } = useTranslation();
  const title = `${t('myPages.overview.monthly')} · ${t('myPages.overview.energy')} (kWh)`;
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2000, m - 1, 1));
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <BarChart
          data={months.map((m) => ({ period: String(m.month), value: m.energy_wh / 1000 }))}
          color={color}
          title={title}
          format={(v) => formatNumber(v)}
          tick={(p) => monthName(Number(p))}
        />
      </BlockStack>
    </Card>
  );
}
