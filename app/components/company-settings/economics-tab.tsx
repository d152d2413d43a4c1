/**
 * @module The economics tab (issue 20 part 2): the fees the platform bills the company, the kWh net
 * cost, the QR payments' pre-authorization amount, the billing cycle anchor and the contract. Amounts are
 * typed as decimals (dot separator) and stored as integers; the fees, anchor and contract are read-only
 * for a caller who is not a super user (the API refuses them too). The currency is shown, not changed.
 */
import { currencyDigits, FEE_FIELDS } from '@domain/company-settings/economics-rules';
import { formatMoney } from '@domain/format/format';
import { Banner, BlockStack, Card, FormLayout, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { Economics } from '../../routes/_app.settings.$companyId/company-tabs.server';
import { decimal } from './home-reimbursement-tab';
import { TabForm, type TabProps } from './tab-form';

const AMOUNTS = [...FEE_FIELDS, 'kwh_net_cost', 'pre_authorization_amount'] as const;
const TEXTS = ['billing_cycle_anchor', 'contract_number', 'contract_start_date', 'contract_end_date'] as const;
type Field = (typeof AMOUNTS)[number] | (typeof TEXTS)[number];
const VENDOR: readonly Field[] = [
  ...FEE_FIELDS,
  'billing_cycle_anchor',
  'contract_number',
  'contract_start_date',
  'contract_end_date',
];
const FIELDS: readonly string[] = [...AMOUNTS, ...TEXTS];

export function EconomicsTab({ economics, failed }: TabProps & { economics: Economics }) {
  const { t } = useTranslation();
  const currency = economics.currency;
  const digits = currencyDigits(currency);
  const places = (f: Field) => (f === 'kwh_net_cost' ? digits + 3 : digits);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    ...(Object.fromEntries(AMOUNTS.map((f) => [f, decimal(economics[f], places(f))])) as Record<Field, string>),
    ...Object.fromEntries(TEXTS.map((f) => [f, economics[f] ?? ''])),
  }));
  const errorOf = fieldErrorFrom(failed, {
    text: (m) => (m.startsWith('companySettingsMoney.') ? tKey(t, m) : m),
  });
  const readOnly = !economics.can_edit_vendor_fields;
  const field = (name: Field, extra: { helpText?: string; type?: 'date' } = {}) => (
    <TextField
      key={name}
      label={tKey(t, `companySettingsMoney.${name}`, { currency })}
      name={name}
      value={values[name]}
      onChange={(v) => setValues((old) => ({ ...old, [name]: v }))}
      autoComplete="off"
      disabled={readOnly && VENDOR.includes(name)}
      error={errorOf(name)}
      {...extra}
    />
  );
  const decimalHelp = t('companySettingsMoney.decimalHelp', {
    example: digits > 0 ? `12.${'5'.padEnd(digits, '0')}` : '12',
  });
  const anchors = [
    { value: '', label: t('companySettingsMoney.anchorNone') },
    ...Array.from({ length: 28 }, (_, i) => ({
      value: String(i + 1),
      label: t('companySettingsMoney.anchorDay', { day: i + 1 }),
    })),
    { value: 'eom', label: t('companySettingsMoney.anchorEom') },
  ];

  return (
    <TabForm tab="economics" failed={failed} fields={FIELDS}>
      <input type="hidden" name="currency" value={currency} />
      {readOnly ? <Banner tone="info">{t('companySettingsMoney.vendorReadOnly')}</Banner> : null}
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettingsMoney.sectionCharging')}
          </Text>
          <Text as="p" tone="subdued">
            {t('companySettingsMoney.economicsIntro')}
          </Text>
          <FormLayout>
            <TextField
              label={t('companySettings.currency')}
              value={currency}
              readOnly
              autoComplete="off"
              helpText={t('companySettingsMoney.currencyHelp')}
            />
            <FormLayout.Group>
              {field('kwh_net_cost', { helpText: t('companySettingsMoney.decimalHelp', { example: '0.2516' }) })}
              {field('pre_authorization_amount', {
                helpText: t('companySettingsMoney.preAuthorizationHelp', {
                  min: formatMoney(economics.pre_authorization_min, currency),
                  max: formatMoney(economics.pre_authorization_max, currency),
                }),
              })}
            </FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettingsMoney.sectionFees')}
          </Text>
          <Text as="p" tone="subdued">
            {t('companySettingsMoney.feesHelp', { currency })} {decimalHelp}
          </Text>
          <FormLayout>
            <FormLayout.Group>{FEE_FIELDS.slice(0, 3).map((f) => field(f))}</FormLayout.Group>
            <FormLayout.Group>{FEE_FIELDS.slice(3).map((f) => field(f))}</FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('companySettingsMoney.sectionContract')}
          </Text>
          <FormLayout>
            <Select
              label={t('companySettingsMoney.billing_cycle_anchor')}
              name="billing_cycle_anchor"
              options={anchors}
              value={values.billing_cycle_anchor}
              onChange={(v) => setValues((old) => ({ ...old, billing_cycle_anchor: v }))}
              disabled={readOnly}
              error={errorOf('billing_cycle_anchor')}
            />
            {field('contract_number')}
            <FormLayout.Group>
              {field('contract_start_date', { type: 'date' })}
              {field('contract_end_date', { type: 'date' })}
            </FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Card>
    </TabForm>
  );
}
