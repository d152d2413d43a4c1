/**
 * @module One month's breakdown (issue 19 part 6): a row per tariff slice (source, kWh, price per kWh with
 * "capped" when the company's limit lowered it, amount) and the month's notes in words: uncovered energy,
 * a missing or backwards meter reading. Shared by the manager's detail page and the employee's card.
 */
import { formatDate, formatKwh, formatMoney, formatMoneyPerKwh } from '@domain/format/format';
import { BlockStack, Card, DataTable, List, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import type { ReimbursementDetail } from './reimbursement-types';

type Breakdown = ReimbursementDetail['breakdown'];

export function useNoteTexts() {
  const { t } = useTranslation();
  return (note: Breakdown['notes'][number], currency: string): string => {
    switch (note.code) {
      case 'uncovered':
        return t('reimbursements.noteUncovered', {
          energy: formatKwh(note.energyWh, currency),
          sessions: note.sessions,
          date: formatDate(note.firstDate),
        });
      case 'meter_missing':
        return t('reimbursements.noteMeterMissing');
      case 'meter_went_back':
        return t('reimbursements.noteMeterWentBack', {
          opening: formatKwh(note.openingWh, currency),
          closing: formatKwh(note.closingWh, currency),
        });
    }
  };
}

export function MonthNotes({ notes, currency }: { notes: Breakdown['notes']; currency: string }) {
  const text = useNoteTexts();
  if (notes.length === 0) return null;
  return (
    <List>
      {notes.map((n) => (
        <List.Item key={`${n.code}-${'homeStationId' in n ? n.homeStationId : ''}`}>{text(n, currency)}</List.Item>
      ))}
    </List>
  );
}

export function ReimbursementBreakdown({ breakdown, currency }: { breakdown: Breakdown; currency: string }) {
  const { t } = useTranslation();
  const price = (p: number) => formatMoneyPerKwh(p, currency) ?? '—';
  const rows = breakdown.slices.map((s) => [
    s.tariffId === null
      ? t('reimbursements.sliceFlat')
      : t('reimbursements.sliceValid', {
          from: formatDate(s.validFrom),
          to: s.validTo ? formatDate(s.validTo) : t('reimbursements.sliceOpenEnded'),
        }),
    s.source === 'meter' ? t('reimbursements.sourceMeter') : t('reimbursements.sourceSessions'),
    formatKwh(s.energyWh, currency),
    s.appliedPricePerKwh < s.pricePerKwh
      ? t('reimbursements.cappedPrice', { applied: price(s.appliedPricePerKwh), price: price(s.pricePerKwh) })
      : price(s.pricePerKwh),
    formatMoney(s.amount, currency),
  ]);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('reimbursements.breakdown')}
        </Text>
        {rows.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('reimbursements.noSlices')}
          </Text>
        ) : (
          <DataTable
            columnContentTypes={['text', 'text', 'numeric', 'numeric', 'numeric']}
            headings={[
              t('reimbursements.colTariff'),
              t('reimbursements.sliceSource'),
              t('reimbursements.energy'),
              t('reimbursements.pricePerKwh'),
              t('reimbursements.amount'),
            ]}
            rows={rows}
          />
        )}
        {breakdown.notes.length > 0 ? (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t('reimbursements.notes')}
            </Text>
            <MonthNotes notes={breakdown.notes} currency={currency} />
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
