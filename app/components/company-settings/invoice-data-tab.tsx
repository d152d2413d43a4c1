/**
 * @module The invoice data tab (issue 20 part 2): the bank account (IBAN and BIC checked by the API),
 * the extra invoice footer and the descriptions in en/it/fr/de. The legal and tax data printed on
 * invoices belong to the general tab and are shown here read-only.
 */
import { DESCRIPTION_MAX, INVOICE_FOOTER_MAX } from '@domain/company-settings/invoice-data-rules';
import { BlockStack, Card, FormLayout, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { InvoiceData } from '../../routes/_app.settings.$companyId/company-tabs.server';
import { TabForm, type TabProps } from './tab-form';

const BANK = ['bank_name', 'iban', 'bic'] as const;
const DESCRIPTIONS = ['description_en', 'description_it', 'description_fr', 'description_de'] as const;
const FIELDS = [...BANK, 'invoice_footer', ...DESCRIPTIONS] as const;
type Field = (typeof FIELDS)[number];
const GENERAL = {
  legal_entity: 'legalEntity',
  executive_name: 'executiveName',
  commercial_register_number: 'commercialRegisterNumber',
  vat: 'vat',
  tax_id_type: 'taxIdType',
  tax_id_country: 'taxIdCountry',
} as const;

export function InvoiceDataTab({ invoice, failed }: TabProps & { invoice: InvoiceData }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, invoice[f] ?? ''])) as Record<Field, string>,
  );
  const errorOf = fieldErrorFrom(failed);
  const field = (name: Field, extra: { multiline?: number; maxLength?: number; helpText?: string } = {}) => (
    <TextField
      key={name}
      label={tKey(t, `companySettingsMoney.${name}`)}
      name={name}
      value={values[name]}
      onChange={(v) => setValues((old) => ({ ...old, [name]: v }))}
      autoComplete="off"
      error={errorOf(name)}
      showCharacterCount={extra.maxLength !== undefined}
      {...extra}
    />
  );
  const section = (title: string, children: React.ReactNode, help?: string) => (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {help ? (
          <Text as="p" tone="subdued">
            {help}
          </Text>
        ) : null}
        <FormLayout>{children}</FormLayout>
      </BlockStack>
    </Card>
  );

  return (
    <TabForm tab="invoice" failed={failed} fields={FIELDS}>
      {section(
        t('companySettingsMoney.sectionBank'),
        <>
          {field('bank_name')}
          <FormLayout.Group>
            {field('iban')}
            {field('bic')}
          </FormLayout.Group>
        </>,
      )}
      {section(
        t('companySettingsMoney.sectionInvoice'),
        field('invoice_footer', {
          multiline: 3,
          maxLength: INVOICE_FOOTER_MAX,
          helpText: t('companySettingsMoney.invoiceFooterHelp'),
        }),
      )}
      {section(
        t('companySettingsMoney.sectionDescriptions'),
        DESCRIPTIONS.map((d) => field(d, { multiline: 3, maxLength: DESCRIPTION_MAX })),
      )}
      {section(
        t('companySettingsMoney.sectionTax'),
        Object.entries(GENERAL).map(([name, label]) => (
          <TextField
            key={name}
            label={tKey(t, `companySettings.${label}`)}
            value={invoice.general[name as keyof typeof GENERAL] ?? ''}
            readOnly
            autoComplete="off"
          />
        )),
        t('companySettingsMoney.taxHelp'),
      )}
    </TabForm>
  );
}
