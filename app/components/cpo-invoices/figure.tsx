/** @module The computed figures of an operator invoice (preview and edit pages), each with its label and what it is made of. */
import { Banner, BlockStack, InlineGrid, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { formatKwh, formatMoney, formatNumber } from '../../lib/format';

/** One computed figure with its label (and what it is made of). */
function Figure({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" variant="headingLg" numeric>
        {value}
      </Text>
      {help ? (
        <Text as="span" variant="bodySm" tone="subdued">
          {help}
        </Text>
      ) : null}
    </BlockStack>
  );
}

export interface FiguresOf {
  currency: string;
  sessions: number;
  energy_wh: number;
  energy_amount: number;
  sub_operator_total: number;
  owner_total: number;
  unpriced_sessions: number;
}

/** The five figures, and a warning when sessions have no operator price yet (their amounts are missing, not 0). */
export function Figures({ figures: f }: { figures: FiguresOf }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, f.currency);
  return (
    <BlockStack gap="300">
      <InlineGrid columns={{ xs: 2, md: 3 }} gap="300">
        <Figure label={t('cpoInvoices.colSessions')} value={formatNumber(f.sessions, { currency: f.currency })} />
        <Figure label={t('cpoInvoices.colKwh')} value={formatKwh(f.energy_wh, f.currency)} />
        <Figure label={t('cpoInvoices.colEnergy')} value={money(f.energy_amount)} help={t('cpoInvoices.energyHelp')} />
        <Figure
          label={t('cpoInvoices.colOperatorTotal')}
          value={money(f.sub_operator_total)}
          help={t('cpoInvoices.operatorTotalHelp')}
        />
        <Figure
          label={t('cpoInvoices.colOwnerTotal')}
          value={money(f.owner_total)}
          help={t('cpoInvoices.ownerTotalHelp')}
        />
      </InlineGrid>
      {f.unpriced_sessions > 0 ? (
        <Banner tone="warning">{t('cpoInvoices.unpriced', { count: f.unpriced_sessions })}</Banner>
      ) : null}
    </BlockStack>
  );
}
