/** @module The product form (spec 5: name, country and type mandatory), for create and update. */
import { Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../lib/use-country-options';
import { CatalogueForm, type Danger, useRefusal } from './catalogue-form';

export interface ProductValues {
  name: string;
  country: string;
  type: string;
}

export const PRODUCT_FIELDS = ['name', 'country', 'type'] as const;

/** The API body from the posted form (the API checks it and answers per field). */
export function productBody(form: FormData) {
  const text = (key: string) => String(form.get(key) ?? '').trim();
  return { name: text('name'), country: text('country'), type: text('type') };
}

export function ProductForm(props: {
  title: string;
  initial: ProductValues;
  submitLabel: string;
  danger?: Danger | null;
  reactivate?: boolean;
  notes?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { errorOf } = useRefusal();
  const countries = useCountryOptions();
  const [name, setName] = useState(props.initial.name);
  const [country, setCountry] = useState(props.initial.country);
  const [type, setType] = useState(props.initial.type);
  return (
    <CatalogueForm
      title={props.title}
      back="/stripe/products"
      submitLabel={props.submitLabel}
      danger={props.danger}
      reactivate={props.reactivate}
      notes={props.notes}
      fields={PRODUCT_FIELDS}
    >
      <TextField
        label={t('billingCatalogue.products.name')}
        name="name"
        value={name}
        onChange={setName}
        autoComplete="off"
        requiredIndicator
        error={errorOf('name')}
      />
      <Select
        label={t('billingCatalogue.products.country')}
        name="country"
        options={[{ label: '', value: '' }, ...countries]}
        value={country}
        onChange={setCountry}
        requiredIndicator
        error={errorOf('country')}
      />
      <Select
        label={t('billingCatalogue.products.type')}
        name="type"
        options={[
          { label: '', value: '' },
          { label: t('billingCatalogue.products.typeOneTime'), value: 'one_time' },
          { label: t('billingCatalogue.products.typeRecurring'), value: 'recurring' },
        ]}
        value={type}
        onChange={setType}
        requiredIndicator
        error={errorOf('type')}
      />
    </CatalogueForm>
  );
}
