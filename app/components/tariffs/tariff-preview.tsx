/** @module The tariff editor's live preview: a sample session priced with the draft through /tariffs/preview. */
import { Banner, BlockStack, Box, Card, DataTable, Divider, FormLayout, Text, TextField } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatMoney, formatNumber } from '../../lib/format';
import type { SampleForm } from './form-model';

interface PreviewLine {
  dimension: string;
  quantity: number;
  unitPrice: number;
  exclVat: number;
  inclVat: number;
}
type PreviewResult =
  | {
      kind: 'priced';
      currency: string;
      lines: PreviewLine[];
      totals: { exclVat: number; vat: number; inclVat: number };
      free?: string;
    }
  | { kind: 'unpriced'; reason: string };
export type PreviewAnswer = { data: PreviewResult } | { error: string; issues?: { field: string; message: string }[] };

export const defaultSample = (): SampleForm => ({
  start: '2026-03-10T18:00',
  chargingMinutes: '60',
  idleMinutes: '30',
  kwh: '20',
});

/** The live preview: an editable sample session priced with the draft as it is typed. */
export function PreviewCard({
  sample,
  setSample,
  answer,
  busy,
  waiting,
}: {
  sample: SampleForm;
  setSample: (update: (s: SampleForm) => SampleForm) => void;
  answer: PreviewAnswer | undefined;
  busy: boolean;
  waiting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('tariffs.preview.title')}
        </Text>
        <Text as="p" tone="subdued">
          {t('tariffs.preview.help')}
        </Text>
        <FormLayout>
          <TextField
            type="datetime-local"
            label={t('tariffs.preview.start')}
            value={sample.start}
            onChange={(start) => setSample((s) => ({ ...s, start }))}
            autoComplete="off"
          />
          <FormLayout.Group condensed>
            <TextField
              label={t('tariffs.preview.charging')}
              value={sample.chargingMinutes}
              onChange={(chargingMinutes) => setSample((s) => ({ ...s, chargingMinutes }))}
              autoComplete="off"
              suffix="min"
            />
            <TextField
              label={t('tariffs.preview.idle')}
              value={sample.idleMinutes}
              onChange={(idleMinutes) => setSample((s) => ({ ...s, idleMinutes }))}
              autoComplete="off"
              suffix="min"
            />
          </FormLayout.Group>
          <TextField
            label={t('tariffs.preview.kwh')}
            value={sample.kwh}
            onChange={(kwh) => setSample((s) => ({ ...s, kwh }))}
            autoComplete="off"
            suffix="kWh"
          />
        </FormLayout>
        <Divider />
        <PreviewView answer={answer} busy={busy} waiting={waiting} />
      </BlockStack>
    </Card>
  );
}

function PreviewView({
  answer,
  busy,
  waiting,
}: {
  answer: PreviewAnswer | undefined;
  busy: boolean;
  waiting: boolean;
}) {
  const { t } = useTranslation();
  if (waiting)
    return (
      <Text as="p" tone="subdued">
        {t('tariffs.preview.incomplete')}
      </Text>
    );
  if (!answer)
    return (
      <Text as="p" tone="subdued">
        {busy ? t('tariffs.preview.pricing') : t('tariffs.preview.incomplete')}
      </Text>
    );
  if ('error' in answer) {
    return (
      <Banner tone="warning" title={t('tariffs.preview.invalid')}>
        <p>{answer.issues?.[0]?.message ?? answer.error}</p>
      </Banner>
    );
  }
  const r = answer.data;
  if (r.kind === 'unpriced') {
    return (
      <Banner tone="warning" title={t('tariffs.preview.unpriced')}>
        <p>{r.reason}</p>
      </Banner>
    );
  }
  const money = (v: number) => formatMoney(v, r.currency);
  const quantity = (l: PreviewLine) =>
    l.dimension === 'ENERGY'
      ? `${formatNumber(l.quantity / 1000, { maximumFractionDigits: 3 })} kWh`
      : l.dimension === 'TIME' || l.dimension === 'PARKING_TIME'
        ? `${formatNumber(l.quantity / 60, { maximumFractionDigits: 1 })} min`
        : l.dimension === 'FLAT'
          ? '1'
          : '';
  return (
    <Box opacity={busy ? '0.6' : '1'}>
      <BlockStack gap="200">
        {r.free ? <Banner tone="info" title={tKey(t, `tariffs.preview.free.${r.free}`)} /> : null}
        <DataTable
          columnContentTypes={['text', 'text', 'numeric', 'numeric']}
          headings={[
            t('tariffs.preview.line'),
            t('tariffs.preview.quantity'),
            t('tariffs.preview.excl'),
            t('tariffs.preview.incl'),
          ]}
          rows={r.lines.map((l) => [
            tKey(t, `tariffs.dimension.${l.dimension}`),
            quantity(l),
            money(l.exclVat),
            money(l.inclVat),
          ])}
          totals={['', '', money(r.totals.exclVat), money(r.totals.inclVat)]}
          showTotalsInFooter
          totalsName={{ singular: t('tariffs.preview.total'), plural: t('tariffs.preview.total') }}
        />
        <Text as="p" variant="bodySm" tone="subdued" data-testid="preview-vat">
          {t('tariffs.preview.vat', { amount: money(r.totals.vat) })}
        </Text>
      </BlockStack>
    </Box>
  );
}
