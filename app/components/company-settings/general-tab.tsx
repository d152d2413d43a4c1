/** @module The general tab: the company's name, contact, address and tax data (spec section 5 rules, checked by the API). */
import { BlockStack, Card, FormLayout, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { fieldErrorFrom } from '../../lib/field-errors';
import { useCountryOptions } from '../../lib/use-country-options';
import type { CompanySettings } from '../../routes/_app.settings.$companyId/settings.server';
import { GENERAL_FIELDS, type GeneralField } from './fields';
import { TabForm, type TabProps } from './tab-form';

const LABEL: Record<GeneralField, string> = {
  name: 'name',
  business_name: 'businessName',
  email: 'email',
  web: 'web',
  phone: 'phone',
  fax: 'fax',
  street: 'street',
  street_number: 'streetNumber',
  city: 'city',
  district: 'district',
  state: 'state',
  zip: 'zip',
  country: 'country',
  vat: 'vat',
  tax_id_type: 'taxIdType',
  tax_id_country: 'taxIdCountry',
  legal_entity: 'legalEntity',
  executive_name: 'executiveName',
  commercial_register_number: 'commercialRegisterNumber',
  time_zone: 'timeZone',
};
const REQUIRED: readonly GeneralField[] = ['name', 'country', 'vat', 'tax_id_country'];

export function GeneralTab({ settings, failed }: TabProps & { settings: CompanySettings }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const [values, setValues] = useState<Record<GeneralField, string>>(
    () => Object.fromEntries(GENERAL_FIELDS.map((f) => [f, settings.general[f] ?? ''])) as Record<GeneralField, string>,
  );
  const errorOf = fieldErrorFrom(failed);
  const label = (f: GeneralField) => tKey(t, `companySettings.${LABEL[f]}`);
  const field = (f: GeneralField, extra: { help?: string; type?: 'email' | 'url' | 'tel' } = {}) => (
    <TextField
      label={label(f)}
      name={f}
      value={values[f]}
      onChange={(v) => setValues((old) => ({ ...old, [f]: v }))}
      autoComplete="off"
      type={extra.type}
      requiredIndicator={REQUIRED.includes(f)}
      helpText={extra.help}
      error={errorOf(f)}
    />
  );
  const country = (f: 'country' | 'tax_id_country') => (
    <Select
      label={label(f)}
      name={f}
      options={[{ label: t('companySettings.countryNone'), value: '' }, ...countries]}
      value={values[f]}
      onChange={(v) => setValues((old) => ({ ...old, [f]: v }))}
      requiredIndicator
      error={errorOf(f)}
    />
  );
  const section = (title: string, children: React.ReactNode) => (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <FormLayout>{children}</FormLayout>
      </BlockStack>
    </Card>
  );
  return (
    <TabForm tab="general" failed={failed} fields={GENERAL_FIELDS}>
      {section(
        t('companySettings.sectionIdentity'),
        <>
          <FormLayout.Group>
            {field('name')}
            {field('business_name')}
          </FormLayout.Group>
          <FormLayout.Group>
            {field('legal_entity')}
            {field('executive_name')}
          </FormLayout.Group>
          <FormLayout.Group>
            {field('time_zone')}
            <TextField
              label={t('companySettings.currency')}
              value={settings.general.currency}
              disabled
              autoComplete="off"
              helpText={t('companySettings.currencyHelp')}
            />
          </FormLayout.Group>
        </>,
      )}
      {section(
        t('companySettings.sectionContact'),
        <>
          <FormLayout.Group>
            {field('email', { type: 'email' })}
            {field('web', { type: 'url' })}
          </FormLayout.Group>
          <FormLayout.Group>
            {field('phone', { type: 'tel' })}
            {field('fax', { type: 'tel' })}
          </FormLayout.Group>
        </>,
      )}
      {section(
        t('companySettings.sectionAddress'),
        <>
          <FormLayout.Group>
            {field('street')}
            {field('street_number')}
          </FormLayout.Group>
          <FormLayout.Group>
            {field('zip')}
            {field('city')}
            {field('district')}
          </FormLayout.Group>
          <FormLayout.Group>
            {field('state')}
            {country('country')}
          </FormLayout.Group>
        </>,
      )}
      {section(
        t('companySettings.sectionTax'),
        <>
          <FormLayout.Group>
            {field('vat', { help: t('companySettings.vatHelp') })}
            {country('tax_id_country')}
          </FormLayout.Group>
          <FormLayout.Group>
            {field('tax_id_type')}
            {field('commercial_register_number')}
          </FormLayout.Group>
        </>,
      )}
    </TabForm>
  );
}
