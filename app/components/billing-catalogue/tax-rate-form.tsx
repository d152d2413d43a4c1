/** @module The tax rate form (spec 3: description, percentage, jurisdiction, type, inclusive or exclusive), for create and update. */
import { Checkbox, Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueForm, type Danger, useRefusal } from './catalogue-form';

/** Stripe's tax types, the most common first. */
const TAX_TYPES = ['vat', 'sales_tax', 'gst', 'hst', 'pst', 'qst', 'rst', 'igst', 'jct', 'service_tax'] as const;

export interface TaxRateValues {
  description: string;
  percentage: string;
  jurisdiction: string;
  taxType: string;
  inclusive: boolean;
}

export const TAX_RATE_FIELDS = ['description', 'percentage', 'jurisdiction', 'tax_type', 'inclusive'] as const;

/**
 * The API body from the posted form; percentage and inclusiveness only when creating (Stripe fixes them), or the
 * fields the form refuses itself (a percentage that is not a plain number with a dot).
 */
export function taxRateBody(form: FormData, creating: boolean) {
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const typed = text('percentage');
  if (creating && typed !== '' && !/^\d+(\.\d+)?$/.test(typed))
    return { refused: { percentage: 'billingCatalogue.errors.percentageInvalid' } } as const;
  const taxType = TAX_TYPES.find((x) => x === text('tax_type'));
  return {
    body: {
      description: text('description'),
      jurisdiction: text('jurisdiction') || null,
      tax_type: taxType ?? null,
      ...(creating
        ? { percentage: typed === '' ? null : Number(typed), inclusive: form.get('inclusive') === 'on' }
        : {}),
    },
  } as const;
}

export function TaxRateForm(props: {
  title: string;
  initial: TaxRateValues;
  creating: boolean;
  submitLabel: string;
  danger?: Danger | null;
  reactivate?: boolean;
  notes?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { errorOf } = useRefusal();
  const [description, setDescription] = useState(props.initial.description);
  const [percentage, setPercentage] = useState(props.initial.percentage);
  const [jurisdiction, setJurisdiction] = useState(props.initial.jurisdiction);
  const [taxType, setTaxType] = useState(props.initial.taxType);
  const [inclusive, setInclusive] = useState(props.initial.inclusive);
  return (
    <CatalogueForm
      title={props.title}
      back="/stripe/tax-rate"
      submitLabel={props.submitLabel}
      danger={props.danger}
      reactivate={props.reactivate}
      notes={props.notes}
      fields={TAX_RATE_FIELDS}
    >
      <TextField
        label={t('billingCatalogue.taxRates.description')}
        name="description"
        value={description}
        onChange={setDescription}
        autoComplete="off"
        requiredIndicator
        error={errorOf('description')}
      />
      <TextField
        label={t('billingCatalogue.taxRates.percentage')}
        name="percentage"
        value={percentage}
        onChange={setPercentage}
        inputMode="decimal"
        suffix="%"
        autoComplete="off"
        disabled={!props.creating}
        requiredIndicator
        error={errorOf('percentage')}
      />
      <TextField
        label={t('billingCatalogue.taxRates.jurisdiction')}
        name="jurisdiction"
        value={jurisdiction}
        onChange={setJurisdiction}
        autoComplete="off"
        error={errorOf('jurisdiction')}
      />
      <Select
        label={t('billingCatalogue.taxRates.taxType')}
        name="tax_type"
        options={[{ label: '', value: '' }, ...TAX_TYPES.map((v) => ({ label: v, value: v }))]}
        value={taxType}
        onChange={setTaxType}
        error={errorOf('tax_type')}
      />
      <Checkbox
        label={t('billingCatalogue.taxRates.inclusive')}
        name="inclusive"
        checked={inclusive}
        onChange={setInclusive}
        disabled={!props.creating}
        error={errorOf('inclusive')}
      />
    </CatalogueForm>
  );
}
