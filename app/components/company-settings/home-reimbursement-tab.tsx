/**
 * @module The home reimbursement tab (issue 19 part 1): active, the tariff type, the flat tariff and the
 * kWh cost limit as decimals per kWh, extra expenses, the percentage fee, the e-mail lists and the
 * variants, each disabled while its service setting is off for the company. Read only without
 * 'fleet:home-reimbursement:manage'.
 */
import { Banner, BlockStack, Card, Checkbox, FormLayout, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { ReimbursementSettings } from '../../routes/_app.settings.$companyId/home-reimbursement.server';
import { TabForm, type TabProps } from './tab-form';

type Variant = ReimbursementSettings['variants'][number]['variant'];
const FLAGS = ['active', 'extraExpenseEnabled'] as const;
const TEXTS = [
  'flatTariff',
  'flatTariffValidFrom',
  'reimbursementKwhCostLimit',
  'extraExpenseLimit',
  'feePercent',
  'contactEmails',
  'alertEmails',
  'recipients',
] as const;
type TextName = (typeof TEXTS)[number];
const LISTS = ['contactEmails', 'alertEmails', 'recipients'] as const;
/** The API's field names; the fee is typed as a percentage and sent as basis points. */
const FIELDS = [...FLAGS, 'type', ...TEXTS.filter((f) => f !== 'feePercent'), 'feeBasisPoints'] as string[];

/** A stored integer shown as the decimal it was typed as (25160 milli-cents → "0.2516"). */
export function decimal(value: number | null, places: number): string {
  if (value === null) return '';
  return (value / 10 ** places).toFixed(places).replace(/\.?0+$/, '');
}

function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export function HomeReimbursementTab({
  settings,
  canManage,
  failed,
}: TabProps & { settings: ReimbursementSettings; canManage: boolean }) {
  const { t } = useTranslation();
  const digits = minorDigits(settings.currency);
  const [flags, setFlags] = useState({ active: settings.active, extraExpenseEnabled: settings.extraExpenseEnabled });
  const [type, setType] = useState<string>(settings.type);
  const [texts, setTexts] = useState<Record<TextName, string>>({
    flatTariff: decimal(settings.flatTariff, digits + 3),
    flatTariffValidFrom: settings.flatTariffValidFrom ?? '',
    reimbursementKwhCostLimit: decimal(settings.reimbursementKwhCostLimit, digits + 3),
    extraExpenseLimit: decimal(settings.extraExpenseLimit, digits),
    feePercent: decimal(settings.feeBasisPoints, 2),
    contactEmails: settings.contactEmails ?? '',
    alertEmails: settings.alertEmails ?? '',
    recipients: settings.recipients ?? '',
  });
  const [variants, setVariants] = useState<Record<Variant, boolean>>(
    () =>
      Object.fromEntries(settings.variants.map((v) => [v.variant, settings[v.variant]])) as Record<Variant, boolean>,
  );
  const translate = (message: string) =>
    message.startsWith('reimbursementSettings.') ? tKey(t, message, { example: '0.2516' }) : message;
  const errorOf = fieldErrorFrom(failed, {
    text: translate,
    api: { feePercent: 'feeBasisPoints' } as Partial<Record<string, string>>,
  });
  const disabled = !canManage;
  const currency = settings.currency;
  const field = (name: TextName, label: string, extra: { helpText?: string; type?: 'date' } = {}) => (
    <TextField
      label={label}
      name={name}
      value={texts[name]}
      onChange={(v) => setTexts((old) => ({ ...old, [name]: v }))}
      autoComplete="off"
      disabled={disabled}
      error={errorOf(name)}
      {...extra}
    />
  );

  const body = (
    <>
      <input type="hidden" name="currency" value={currency} />
      <input type="hidden" name="type" value={type} />
      {FLAGS.map((f) => (
        <input key={f} type="hidden" name={f} value={String(flags[f])} />
      ))}
      {settings.variants.map((v) => (
        <input key={v.variant} type="hidden" name={v.variant} value={String(variants[v.variant])} />
      ))}
      {!settings.serviceOn ? <Banner tone="warning">{t('reimbursementSettings.serviceOff')}</Banner> : null}
      {disabled ? <Banner tone="info">{t('reimbursementSettings.readOnly')}</Banner> : null}
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('reimbursementSettings.sectionTariff')}
          </Text>
          <Text as="p" tone="subdued">
            {t('reimbursementSettings.intro')}
          </Text>
          <Checkbox
            label={t('reimbursementSettings.active')}
            helpText={t('reimbursementSettings.activeHelp')}
            checked={flags.active}
            disabled={disabled}
            onChange={(v) => setFlags((old) => ({ ...old, active: v }))}
          />
          <FormLayout>
            <Select
              label={t('reimbursementSettings.type')}
              options={[
                { value: 'company', label: t('reimbursementSettings.typeCompany') },
                { value: 'employee', label: t('reimbursementSettings.typeEmployee') },
              ]}
              value={type}
              onChange={setType}
              disabled={disabled}
              error={errorOf('type')}
            />
            <FormLayout.Group>
              {field('flatTariff', t('reimbursementSettings.flatTariff', { currency }), {
                helpText: t('reimbursementSettings.decimalHelp', { example: '0.2516' }),
              })}
              {field('flatTariffValidFrom', t('reimbursementSettings.flatTariffValidFrom'), { type: 'date' })}
            </FormLayout.Group>
            {field('reimbursementKwhCostLimit', t('reimbursementSettings.kwhCostLimit', { currency }), {
              helpText: t('reimbursementSettings.kwhCostLimitHelp'),
            })}
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('reimbursementSettings.sectionExtra')}
          </Text>
          <Checkbox
            label={t('reimbursementSettings.extraExpenseEnabled')}
            checked={flags.extraExpenseEnabled}
            disabled={disabled}
            onChange={(v) => setFlags((old) => ({ ...old, extraExpenseEnabled: v }))}
          />
          <FormLayout>
            {field('extraExpenseLimit', t('reimbursementSettings.extraExpenseLimit', { currency }), {
              helpText: t('reimbursementSettings.extraExpenseLimitHelp'),
            })}
            {field('feePercent', t('reimbursementSettings.fee'), { helpText: t('reimbursementSettings.feeHelp') })}
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('reimbursementSettings.sectionEmails')}
          </Text>
          <FormLayout>
            {LISTS.map((name) =>
              field(name, tKey(t, `reimbursementSettings.${name}`), {
                helpText: t('reimbursementSettings.emailsHelp'),
              }),
            )}
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('reimbursementSettings.sectionVariants')}
          </Text>
          <Text as="p" tone="subdued">
            {t('reimbursementSettings.variantsHelp')}
          </Text>
          {settings.variants.map((v) => (
            <Checkbox
              key={v.variant}
              label={tKey(t, `reimbursementSettings.${v.variant}`)}
              checked={variants[v.variant]}
              disabled={disabled || (!v.available && !variants[v.variant])}
              onChange={(checked) => setVariants((old) => ({ ...old, [v.variant]: checked }))}
              helpText={
                v.available
                  ? tKey(t, `reimbursementSettings.${v.variant}Help`)
                  : t('reimbursementSettings.variantNeedsSetting', {
                      id: v.setting,
                      name: tKey(t, `companySettings.s${v.setting}`),
                    })
              }
              error={errorOf(v.variant)}
            />
          ))}
        </BlockStack>
      </Card>
    </>
  );

  if (disabled) return <BlockStack gap="400">{body}</BlockStack>;
  return (
    <TabForm tab="reimbursement" failed={failed} fields={[...FIELDS, ...settings.variants.map((v) => v.variant)]}>
      {body}
    </TabForm>
  );
}
