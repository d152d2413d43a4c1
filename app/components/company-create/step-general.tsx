/** @module Step 1: the company's general data (spec section 5: name and country mandatory, the VAT's format) and its parent. */
import { BlockStack, Card, FormLayout, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import type { FlatCompany } from '../../lib/companies';
import { useCountryOptions } from '../../lib/use-country-options';

const FIELDS: [field: string, label: string, required?: boolean][] = [
  ['name', 'name', true],
  ['business_name', 'businessName'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['street', 'street'],
  ['street_number', 'streetNumber'],
  ['zip', 'zip'],
  ['city', 'city'],
  ['vat', 'vat', true],
  ['time_zone', 'timeZone'],
];

export function StepGeneral(props: {
  values: Record<string, string>;
  parents: FlatCompany[];
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const [v, setV] = useState<Record<string, string>>({ currency: 'EUR', time_zone: 'Europe/Paris', ...props.values });
  const set = (f: string) => (value: string) => setV((old) => ({ ...old, [f]: value }));
  const text = ([f, label, required]: (typeof FIELDS)[number]) => (
    <TextField
      key={f}
      label={tKey(t, `companySettings.${label}`)}
      name={f}
      value={v[f] ?? ''}
      onChange={set(f)}
      autoComplete="off"
      requiredIndicator={required}
      helpText={f === 'vat' ? t('companySettings.vatHelp') : undefined}
      error={props.errorOf(f)}
    />
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('companyCreate.stepGeneral')}
        </Text>
        <FormLayout>
          <Select
            label={t('companyCreate.parent')}
            name="parent_company_id"
            options={props.parents.map((p) => ({ value: String(p.id), label: `${'— '.repeat(p.depth)}${p.name}` }))}
            value={v.parent_company_id ?? ''}
            onChange={set('parent_company_id')}
            error={props.errorOf('parent_company_id')}
          />
          <FormLayout.Group>{FIELDS.slice(0, 2).map(text)}</FormLayout.Group>
          <FormLayout.Group>{FIELDS.slice(2, 4).map(text)}</FormLayout.Group>
          <FormLayout.Group>{FIELDS.slice(4, 6).map(text)}</FormLayout.Group>
          <FormLayout.Group>
            {FIELDS.slice(6, 8).map(text)}
            <Select
              label={t('companySettings.country')}
              name="country"
              options={[{ label: t('companySettings.countryNone'), value: '' }, ...countries]}
              value={v.country ?? ''}
              onChange={set('country')}
              requiredIndicator
              error={props.errorOf('country')}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            {FIELDS.slice(8).map(text)}
            <TextField
              label={t('companyCreate.currencyCode')}
              name="currency"
              value={v.currency ?? ''}
              onChange={set('currency')}
              autoComplete="off"
              maxLength={3}
              error={props.errorOf('currency')}
            />
          </FormLayout.Group>
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
