/**
 * @module The tariff editor of /tariffs/create/{type} and /tariffs/edit/{tariffId}: elements of price
 * components (FLAT, ENERGY, TIME, PARKING_TIME) with their restrictions, the tariff's scope, validity
 * and limits, and a live preview that prices an editable sample session with the draft as it is typed.
 */
import { useFetcher } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  DataTable,
  Divider,
  FormLayout,
  InlineGrid,
  InlineStack,
  Layout,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatMoney, formatNumber } from '../../lib/format';
import { CustomerGroupPicker } from './customer-group-picker';
import {
  type ApiTariffBody,
  type ComponentForm,
  DAYS,
  DIMENSION_TYPES,
  type DimensionType,
  emptyComponent,
  emptyElement,
  type FieldErrors,
  PAYMENT_TYPES,
  type RestrictionsForm,
  type SampleForm,
  sampleBody,
  type TariffForm,
  toApiBody,
} from './form-model';

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
type PreviewAnswer = { data: PreviewResult } | { error: string; issues?: { field: string; message: string }[] };

export interface TariffFormProps {
  initial: TariffForm;
  /** Messages of the API's last refusal, by field path (already translated). */
  serverErrors: FieldErrors;
  serverMessage: string | null;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (body: ApiTariffBody) => void;
}

const defaultSample = (): SampleForm => ({
  start: '2026-03-10T18:00',
  chargingMinutes: '60',
  idleMinutes: '30',
  kwh: '20',
});

export function TariffFormView({
  initial,
  serverErrors,
  serverMessage,
  submitting,
  submitLabel,
  onSubmit,
}: TariffFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TariffForm>(initial);
  const [touched, setTouched] = useState(false);
  const [sample, setSample] = useState<SampleForm>(defaultSample);
  const preview = useFetcher<PreviewAnswer>();
  const { body, errors: clientErrors } = useMemo(() => toApiBody(form), [form]);
  const sampleJson = useMemo(() => sampleBody(sample), [sample]);

  const err = (path: string): string | undefined => {
    if (touched && clientErrors[path]) return tKey(t, clientErrors[path] as string);
    return serverErrors[path];
  };
  const set = (patch: Partial<TariffForm>) => setForm((f) => ({ ...f, ...patch }));
  const setElement = (i: number, patch: (e: TariffForm['elements'][number]) => TariffForm['elements'][number]) =>
    setForm((f) => ({ ...f, elements: f.elements.map((e, k) => (k === i ? patch(e) : e)) }));
  const setComponent = (i: number, j: number, patch: Partial<ComponentForm>) =>
    setElement(i, (e) => ({ ...e, components: e.components.map((c, k) => (k === j ? { ...c, ...patch } : c)) }));
  const setRestriction = (i: number, patch: Partial<RestrictionsForm>) =>
    setElement(i, (e) => ({ ...e, restrictions: { ...e.restrictions, ...patch } }));

  // The preview follows the form: priced again shortly after the last change, keyed on the serialized draft.
  const blocked = !sampleJson || Object.keys(clientErrors).length > 0;
  const previewRequest = blocked
    ? null
    : JSON.stringify({ tariff: { ...body, name: body.name.trim() || 'preview' }, sample: sampleJson });
  const submitPreview = preview.submit;
  useEffect(() => {
    if (!previewRequest) return;
    const timer = setTimeout(() => {
      submitPreview(previewRequest, { method: 'post', action: '/tariffs/preview', encType: 'application/json' });
    }, 400);
    return () => clearTimeout(timer);
  }, [previewRequest, submitPreview]);

  const submit = () => {
    setTouched(true);
    if (Object.keys(clientErrors).length > 0) return;
    onSubmit(body);
  };

  const dimensionOptions = DIMENSION_TYPES.map((d) => ({ label: tKey(t, `tariffs.dimension.${d}`), value: d }));
  const stepHelp = (d: DimensionType) =>
    d === 'FLAT'
      ? t('tariffs.form.stepFlat')
      : d === 'ENERGY'
        ? t('tariffs.form.stepWh')
        : t('tariffs.form.stepSeconds');
  const priceHelp = (d: DimensionType) => tKey(t, `tariffs.form.priceHelp${d}`);
  const problems = touched ? Object.keys(clientErrors).length : 0;

  return (
    <Layout>
      <Layout.Section>
        <BlockStack gap="400">
          {serverMessage ? (
            <Banner tone="critical" title={t('tariffs.form.refused')}>
              <p>{serverMessage}</p>
            </Banner>
          ) : null}
          {problems > 0 ? <Banner tone="critical" title={t('tariffs.form.fixFields', { count: problems })} /> : null}
          <Card>
            <FormLayout>
              <Text as="h2" variant="headingMd">
                {t('tariffs.form.general')}
              </Text>
              <FormLayout.Group>
                <TextField
                  label={t('tariffs.form.name')}
                  value={form.name}
                  onChange={(name) => set({ name })}
                  autoComplete="off"
                  requiredIndicator
                  error={serverErrors.name ?? (touched && !form.name.trim() ? t('tariffs.errors.required') : undefined)}
                />
                <TextField
                  label={t('tariffs.form.label')}
                  value={form.label}
                  onChange={(label) => set({ label })}
                  autoComplete="off"
                />
              </FormLayout.Group>
              <FormLayout.Group condensed>
                <TextField
                  label={t('tariffs.form.currency')}
                  value={form.currency}
                  onChange={(currency) => set({ currency })}
                  autoComplete="off"
                  maxLength={3}
                  error={err('currency')}
                />
                <TextField
                  label={t('tariffs.form.countries')}
                  helpText={t('tariffs.form.countriesHelp')}
                  value={form.countries}
                  onChange={(countries) => set({ countries })}
                  autoComplete="off"
                  error={
                    err('countries') ?? Object.entries(serverErrors).find(([k]) => k.startsWith('countries.'))?.[1]
                  }
                />
                <Select
                  label={t('tariffs.form.paymentType')}
                  options={[
                    { label: t('tariffs.form.anyPayment'), value: '' },
                    ...PAYMENT_TYPES.map((p) => ({ label: tKey(t, `tariffs.payment.${p}`), value: p })),
                  ]}
                  value={form.paymentType}
                  onChange={(paymentType) => set({ paymentType })}
                />
                <CustomerGroupPicker
                  label={t('tariffs.form.customerGroup')}
                  helpText={t('tariffs.form.customerGroupHelp')}
                  value={form.customerGroupId}
                  onChange={(customerGroupId) => set({ customerGroupId })}
                  error={err('customer_group_id')}
                />
              </FormLayout.Group>
              <Checkbox
                label={t('tariffs.form.vatIncluded')}
                helpText={t('tariffs.form.vatIncludedHelp')}
                checked={form.vatIncluded}
                onChange={(vatIncluded) => set({ vatIncluded })}
              />
            </FormLayout>
          </Card>

          {form.elements.map((element, i) => (
            <Card key={element.uid}>
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    {t('tariffs.form.element', { n: i + 1 })}
                  </Text>
                  <Button
                    variant="plain"
                    tone="critical"
                    disabled={form.elements.length === 1}
                    onClick={() => set({ elements: form.elements.filter((_, k) => k !== i) })}
                  >
                    {t('tariffs.form.removeElement')}
                  </Button>
                </InlineStack>
                {i < form.elements.length - 1 || form.elements.length > 1 ? (
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
                          setComponent(i, j, { type: v as DimensionType, step: v === 'FLAT' ? '0' : c.step || '1' })
                        }
                        error={err(`${p}.type`)}
                      />
                      <TextField
                        label={t('tariffs.form.price')}
                        helpText={priceHelp(c.type)}
                        value={c.price}
                        onChange={(price) => setComponent(i, j, { price })}
                        autoComplete="off"
                        inputMode="decimal"
                        suffix={form.currency}
                        error={err(`${p}.price`)}
                      />
                      <TextField
                        label={t('tariffs.form.vat')}
                        value={c.vat}
                        onChange={(vat) => setComponent(i, j, { vat })}
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
                        onChange={(step) => setComponent(i, j, { step })}
                        autoComplete="off"
                        inputMode="numeric"
                        error={err(`${p}.step_size`)}
                      />
                      <Button
                        accessibilityLabel={t('tariffs.form.removeComponent')}
                        disabled={element.components.length === 1}
                        onClick={() =>
                          setElement(i, (e) => ({ ...e, components: e.components.filter((_, k) => k !== j) }))
                        }
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
                  <Button
                    onClick={() =>
                      setElement(i, (e) => ({ ...e, components: [...e.components, emptyComponent('TIME')] }))
                    }
                  >
                    {t('tariffs.form.addComponent')}
                  </Button>
                </InlineStack>
                <Divider />
                <Text as="h3" variant="headingSm">
                  {t('tariffs.form.restrictions')}
                </Text>
                <Restrictions
                  value={element.restrictions}
                  onChange={(patch) => setRestriction(i, patch)}
                  err={(k) => err(`elements.${i}.restrictions.${k}`)}
                />
              </BlockStack>
            </Card>
          ))}
          <InlineStack>
            <Button onClick={() => set({ elements: [...form.elements, emptyElement()] })}>
              {t('tariffs.form.addElement')}
            </Button>
          </InlineStack>
          {serverErrors.elements ? (
            <Text as="p" tone="critical">
              {serverErrors.elements}
            </Text>
          ) : null}

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
          <InlineStack align="end">
            <Button variant="primary" loading={submitting} onClick={submit}>
              {submitLabel}
            </Button>
          </InlineStack>
        </BlockStack>
      </Layout.Section>
      <Layout.Section variant="oneThird">
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
            <PreviewView answer={preview.data} busy={preview.state !== 'idle'} waiting={blocked} />
          </BlockStack>
        </Card>
      </Layout.Section>
    </Layout>
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
