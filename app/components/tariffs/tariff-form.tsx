/**
 * @module The tariff editor of /tariffs/create/{type} and /tariffs/edit/{tariffId}: elements of price
 * components (FLAT, ENERGY, TIME, PARKING_TIME) with their restrictions, the tariff's scope, validity
 * and limits, and a live preview that prices an editable sample session with the draft as it is typed.
 */
import { useFetcher } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { CustomerGroupPicker } from './customer-group-picker';
import {
  type ApiTariffBody,
  emptyElement,
  type FieldErrors,
  PAYMENT_TYPES,
  type SampleForm,
  sampleBody,
  type TariffForm,
  toApiBody,
} from './form-model';
import { ElementCard } from './tariff-element-card';
import { LimitsCard } from './tariff-limits-card';
import { defaultSample, type PreviewAnswer, PreviewCard } from './tariff-preview';

export interface TariffFormProps {
  initial: TariffForm;
  /** Messages of the API's last refusal, by field path (already translated). */
  serverErrors: FieldErrors;
  serverMessage: string | null;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (body: ApiTariffBody) => void;
}

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
            <ElementCard
              key={element.uid}
              element={element}
              index={i}
              count={form.elements.length}
              currency={form.currency}
              serverErrors={serverErrors}
              err={err}
              onRemove={() => set({ elements: form.elements.filter((_, k) => k !== i) })}
              setElement={(patch) => setElement(i, patch)}
            />
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

          <LimitsCard form={form} set={set} err={err} />
          <InlineStack align="end">
            <Button variant="primary" loading={submitting} onClick={submit}>
              {submitLabel}
            </Button>
          </InlineStack>
        </BlockStack>
      </Layout.Section>
      <Layout.Section variant="oneThird">
        <PreviewCard
          sample={sample}
          setSample={setSample}
          answer={preview.data}
          busy={preview.state !== 'idle'}
          waiting={blocked}
        />
      </Layout.Section>
    </Layout>
  );
}
