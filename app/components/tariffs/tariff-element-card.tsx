/** @module One element of the tariff editor: its price components and its restrictions (time, date, energy, power, current, duration, days). */
import {
  BlockStack,
  Button,
  Card,
  ChoiceList,
  Divider,
  FormLayout,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import {
  type ComponentForm,
  DAYS,
  DIMENSION_TYPES,
  type DimensionType,
  emptyComponent,
  type FieldErrors,
  type RestrictionsForm,
  type TariffForm,
} from './form-model';

type ElementForm = TariffForm['elements'][number];

/** One element of the tariff: its price components and the restrictions under which it applies. */
export function ElementCard({
  element,
  index: i,
  count,
  currency,
  serverErrors,
  err,
  onRemove,
  setElement,
}: {
  element: ElementForm;
  index: number;
  count: number;
  currency: string;
  serverErrors: FieldErrors;
  err: (path: string) => string | undefined;
  onRemove: () => void;
  setElement: (patch: (e: ElementForm) => ElementForm) => void;
}) {
  const { t } = useTranslation();
  const setComponent = (j: number, patch: Partial<ComponentForm>) =>
    setElement((e) => ({ ...e, components: e.components.map((c, k) => (k === j ? { ...c, ...patch } : c)) }));
  const dimensionOptions = DIMENSION_TYPES.map((d) => ({ label: tKey(t, `tariffs.dimension.${d}`), value: d }));
  const stepHelp = (d: DimensionType) =>
    d === 'FLAT'
      ? t('tariffs.form.stepFlat')
      : d === 'ENERGY'
        ? t('tariffs.form.stepWh')
        : t('tariffs.form.stepSeconds');
  const priceHelp = (d: DimensionType) => tKey(t, `tariffs.form.priceHelp${d}`);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('tariffs.form.element', { n: i + 1 })}
          </Text>
          <Button variant="plain" tone="critical" disabled={count === 1} onClick={onRemove}>
            {t('tariffs.form.removeElement')}
          </Button>
        </InlineStack>
        {i < count - 1 || count > 1 ? (
          <Text as="p" tone="subdued">
            {t('tariffs.form.elementOrder')}
          </Text>
        ) : null}
        {element.components.map((c, j) => {
          const p = `elements.${i}.price_components.${j}`;
          return (
            <InlineGrid key={c.uid} columns={{ xs: 1, md: '2fr 2fr 1fr 1fr auto' }} gap="200" alignItems="end">
              <Select
                label={t('tariffs.form.dimension')}
                options={dimensionOptions}
                value={c.type}
                onChange={(v) =>
                  setComponent(j, { type: v as DimensionType, step: v === 'FLAT' ? '0' : c.step || '1' })
                }
                error={err(`${p}.type`)}
              />
              <TextField
                label={t('tariffs.form.price')}
                helpText={priceHelp(c.type)}
                value={c.price}
                onChange={(price) => setComponent(j, { price })}
                autoComplete="off"
                inputMode="decimal"
                suffix={currency}
                error={err(`${p}.price`)}
              />
              <TextField
                label={t('tariffs.form.vat')}
                value={c.vat}
                onChange={(vat) => setComponent(j, { vat })}
                autoComplete="off"
                inputMode="decimal"
                suffix="%"
                error={err(`${p}.vat_bp`)}
              />
              <TextField
                label={t('tariffs.form.step')}
                helpText={stepHelp(c.type)}
                value={c.step}
                disabled={c.type === 'FLAT'}
                onChange={(step) => setComponent(j, { step })}
                autoComplete="off"
                inputMode="numeric"
                error={err(`${p}.step_size`)}
              />
              <Button
                accessibilityLabel={t('tariffs.form.removeComponent')}
                disabled={element.components.length === 1}
                onClick={() => setElement((e) => ({ ...e, components: e.components.filter((_, k) => k !== j) }))}
              >
                ×
              </Button>
            </InlineGrid>
          );
        })}
        {serverErrors[`elements.${i}.price_components`] ? (
          <Text as="p" tone="critical">
            {serverErrors[`elements.${i}.price_components`]}
          </Text>
        ) : null}
        <InlineStack>
          <Button onClick={() => setElement((e) => ({ ...e, components: [...e.components, emptyComponent('TIME')] }))}>
            {t('tariffs.form.addComponent')}
          </Button>
        </InlineStack>
        <Divider />
        <Text as="h3" variant="headingSm">
          {t('tariffs.form.restrictions')}
        </Text>
        <Restrictions
          value={element.restrictions}
          onChange={(patch) => setElement((e) => ({ ...e, restrictions: { ...e.restrictions, ...patch } }))}
          err={(k) => err(`elements.${i}.restrictions.${k}`)}
        />
      </BlockStack>
    </Card>
  );
}

function Restrictions({
  value,
  onChange,
  err,
}: {
  value: RestrictionsForm;
  onChange: (patch: Partial<RestrictionsForm>) => void;
  err: (key: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const field = (
    key: keyof RestrictionsForm,
    apiKey: string,
    label: string,
    suffix?: string,
    type?: 'time' | 'date',
  ) => (
    <TextField
      type={type ?? 'text'}
      label={label}
      value={value[key] as string}
      onChange={(v) => onChange({ [key]: v })}
      autoComplete="off"
      suffix={suffix}
      error={err(apiKey)}
    />
  );
  const overMidnight = value.startTime && value.endTime && value.endTime < value.startTime && value.endTime !== '00:00';
  return (
    <BlockStack gap="200">
      <FormLayout>
        <FormLayout.Group condensed>
          {field('startTime', 'start_time', t('tariffs.form.startTime'), undefined, 'time')}
          {field('endTime', 'end_time', t('tariffs.form.endTime'), undefined, 'time')}
          {field('startDate', 'start_date', t('tariffs.form.startDate'), undefined, 'date')}
          {field('endDate', 'end_date', t('tariffs.form.endDate'), undefined, 'date')}
        </FormLayout.Group>
        {overMidnight ? (
          <Text as="p" tone="subdued">
            {t('tariffs.form.overMidnight', { start: value.startTime, end: value.endTime })}
          </Text>
        ) : null}
        <FormLayout.Group condensed>
          {field('minKwh', 'min_kwh', t('tariffs.form.minKwh'), 'kWh')}
          {field('maxKwh', 'max_kwh', t('tariffs.form.maxKwh'), 'kWh')}
          {field('minPower', 'min_power', t('tariffs.form.minPower'), 'kW')}
          {field('maxPower', 'max_power', t('tariffs.form.maxPower'), 'kW')}
        </FormLayout.Group>
        <FormLayout.Group condensed>
          {field('minCurrent', 'min_current', t('tariffs.form.minCurrent'), 'A')}
          {field('maxCurrent', 'max_current', t('tariffs.form.maxCurrent'), 'A')}
          {field('minDuration', 'min_duration', t('tariffs.form.minDuration'), 'min')}
          {field('maxDuration', 'max_duration', t('tariffs.form.maxDuration'), 'min')}
        </FormLayout.Group>
      </FormLayout>
      <ChoiceList
        allowMultiple
        title={t('tariffs.form.days')}
        choices={DAYS.map((d) => ({ label: tKey(t, `tariffs.day.${d}`), value: d }))}
        selected={value.days}
        onChange={(days) => onChange({ days })}
      />
      <Text as="p" tone="subdued">
        {t('tariffs.form.restrictionsHelp')}
      </Text>
    </BlockStack>
  );
}
