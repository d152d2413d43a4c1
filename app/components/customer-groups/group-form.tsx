/**
 * @module The customer group form of /customer-group/create and /customer-group/{id}/edit (spec
 * section 3, "Customer group": name, linked companies, max price, user privacy, disable payment,
 * hide roaming, automatic private-users group), and the server-side parsing of what it posts.
 */
import { Form, useActionData, useNavigation } from '@remix-run/react';
import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  InlineStack,
  Page,
  type PageProps,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { parseDecimal } from '../../lib/format';
import { useOutcomeToast } from '../use-outcome-toast';

export interface GroupValues {
  name: string;
  /** As typed: a decimal with a dot in the company's currency, or empty for no cap. */
  maxPrice: string;
  hideRoaming: boolean;
  disablePayment: boolean;
  userPrivacy: boolean;
  automaticPrivate: boolean;
  linked: string[];
}

export interface GroupFormResult {
  error: string;
  field?: string;
  /** The max price was not an amount with a dot: said by the form, the API is not asked. */
  amount?: boolean;
}

const FLAGS = [
  ['hideRoaming', 'customerGroups.form.fHideRoaming', 'customerGroups.form.fHideRoamingHelp'],
  ['disablePayment', 'customerGroups.form.fDisablePayment', 'customerGroups.form.fDisablePaymentHelp'],
  ['userPrivacy', 'customerGroups.form.fUserPrivacy', 'customerGroups.form.fUserPrivacyHelp'],
  ['automaticPrivate', 'customerGroups.form.fAutomaticPrivate', 'customerGroups.form.fAutomaticPrivateHelp'],
] as const;
/** Minor units of a typed amount ("25.5" → 2550; a dot, spec section 5), null for empty, undefined when malformed. */
export function minorUnits(typed: string): number | null | undefined {
  const r = parseDecimal(typed, { maxDecimals: 2 });
  if (!r.ok) return r.error === 'empty' ? null : undefined;
  return r.value < 10_000_000 ? Math.round(r.value * 100) : undefined;
}

/** The typed form of a stored amount (2550 → "25.50"). */
export function typedAmount(minor: number | null): string {
  return minor === null ? '' : `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The API body of the posted form, or the field that is malformed before the API is asked. */
export function groupBody(form: FormData) {
  const max = minorUnits(String(form.get('maxPrice') ?? ''));
  if (max === undefined) return { badField: 'max_price_excl_vat' } as const;
  return {
    body: {
      name: String(form.get('name') ?? '').trim(),
      max_price_excl_vat: max,
      hide_roaming: form.get('hideRoaming') === 'on',
      disable_payment: form.get('disablePayment') === 'on',
      user_privacy: form.get('userPrivacy') === 'on',
      automatic_private: form.get('automaticPrivate') === 'on',
      linked_company_ids: form
        .getAll('linked')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    },
  } as const;
}

const API_FIELD = {
  name: 'name',
  maxPrice: 'max_price_excl_vat',
  linked: 'linked_company_ids',
} as const;
const FORM_FIELDS = Object.keys(API_FIELD) as (keyof typeof API_FIELD)[];

export function GroupForm(props: {
  title: string;
  back: string;
  initial: GroupValues;
  currency: string;
  companies: { id: number; name: string; depth: number }[];
  submitLabel: string;
  secondaryActions?: PageProps['secondaryActions'];
  banner?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const failed = useActionData<GroupFormResult>();
  const navigation = useNavigation();
  const [values, setValues] = useState(props.initial);
  const set =
    <K extends keyof GroupValues>(key: K) =>
    (value: GroupValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  // A malformed amount is found by the form before the API is asked: its text is the form's own.
  const refused = failed?.amount ? { ...failed, error: t('customerGroups.form.fMaxPriceInvalid') } : failed;
  const fieldError = fieldErrorFrom(refused, { api: API_FIELD, nested: true });
  const formError = failureBesideFields(refused, FORM_FIELDS, { api: API_FIELD, nested: true });
  useOutcomeToast(failed, formError ? { text: formError, error: true } : null);
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') !== 'delete';
  return (
    <Page title={props.title} backAction={{ url: props.back }} secondaryActions={props.secondaryActions} narrowWidth>
      <Form method="post">
        <input type="hidden" name="intent" value="save" />
        <BlockStack gap="400">
          {props.banner}
          <Card>
            <FormLayout>
              <TextField
                label={t('customerGroups.form.fName')}
                name="name"
                value={values.name}
                onChange={set('name')}
                autoComplete="off"
                maxLength={100}
                requiredIndicator
                helpText={t('customerGroups.form.fNameHelp')}
                error={fieldError('name')}
              />
              <TextField
                label={t('customerGroups.form.fMaxPrice', { currency: props.currency })}
                name="maxPrice"
                value={values.maxPrice}
                onChange={set('maxPrice')}
                autoComplete="off"
                inputMode="decimal"
                helpText={t('customerGroups.form.fMaxPriceHelp')}
                error={fieldError('maxPrice')}
              />
              {FLAGS.map(([flag, label, help]) => (
                <div key={flag}>
                  <Checkbox label={t(label)} helpText={t(help)} checked={values[flag]} onChange={set(flag)} />
                  {values[flag] ? <input type="hidden" name={flag} value="on" /> : null}
                </div>
              ))}
            </FormLayout>
          </Card>
          {props.companies.length > 0 ? (
            <Card>
              <ChoiceList
                allowMultiple
                title={t('customerGroups.form.fLinked')}
                choices={props.companies.map((c) => ({
                  label: `${'\u2003'.repeat(c.depth)}${c.name}`,
                  value: String(c.id),
                }))}
                selected={values.linked}
                onChange={set('linked')}
                error={fieldError('linked')}
              />
              {values.linked.map((id) => (
                <input key={id} type="hidden" name="linked" value={id} />
              ))}
              <Text as="p" tone="subdued">
                {t('customerGroups.form.fLinkedHelp')}
              </Text>
            </Card>
          ) : null}
          <InlineStack align="end" gap="200">
            <Button url={props.back}>{t('customerGroups.form.cancel')}</Button>
            <Button submit variant="primary" loading={saving}>
              {props.submitLabel}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Page>
  );
}
