/** @module The tariff editor's limits: grace time, free parking, minimum and maximum prices, validity and apply-from dates. */
import { Card, FormLayout, Text, TextField } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import type { TariffForm } from './form-model';

/** The tariff's grace time, free parking, price limits and validity dates. */
export function LimitsCard({
  form,
  set,
  err,
}: {
  form: TariffForm;
  set: (patch: Partial<TariffForm>) => void;
  err: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <FormLayout>
        <Text as="h2" variant="headingMd">
          {t('tariffs.form.limits')}
        </Text>
        <FormLayout.Group condensed>
          <TextField
            label={t('tariffs.form.graceTime')}
            value={form.graceTime}
            onChange={(graceTime) => set({ graceTime })}
            autoComplete="off"
            suffix="s"
            error={err('grace_time_s')}
          />
          <TextField
            label={t('tariffs.form.freeParking')}
            value={form.freeParking}
            onChange={(freeParking) => set({ freeParking })}
            autoComplete="off"
            suffix="min"
            error={err('free_parking_s')}
          />
        </FormLayout.Group>
        <FormLayout.Group condensed>
          <TextField
            label={t('tariffs.form.minPrice')}
            value={form.minPrice}
            onChange={(minPrice) => set({ minPrice })}
            autoComplete="off"
            suffix={form.currency}
            error={err('min_price_excl_vat')}
          />
          <TextField
            label={t('tariffs.form.maxPriceExcl')}
            value={form.maxPriceExcl}
            onChange={(maxPriceExcl) => set({ maxPriceExcl })}
            autoComplete="off"
            suffix={form.currency}
            error={err('max_price_excl_vat')}
          />
          <TextField
            label={t('tariffs.form.maxPriceIncl')}
            value={form.maxPriceIncl}
            onChange={(maxPriceIncl) => set({ maxPriceIncl })}
            autoComplete="off"
            suffix={form.currency}
            error={err('max_price_incl_vat')}
          />
        </FormLayout.Group>
        <FormLayout.Group condensed>
          <TextField
            type="date"
            label={t('tariffs.form.validFrom')}
            value={form.validFrom}
            onChange={(validFrom) => set({ validFrom })}
            autoComplete="off"
            error={err('valid_from')}
          />
          <TextField
            type="date"
            label={t('tariffs.form.validTo')}
            value={form.validTo}
            onChange={(validTo) => set({ validTo })}
            autoComplete="off"
            error={err('valid_to')}
          />
          <TextField
            type="date"
            label={t('tariffs.form.applyFrom')}
            helpText={t('tariffs.form.applyFromHelp')}
            value={form.applyFrom}
            onChange={(applyFrom) => set({ applyFrom })}
            autoComplete="off"
            error={err('apply_from')}
          />
        </FormLayout.Group>
      </FormLayout>
    </Card>
  );
}
