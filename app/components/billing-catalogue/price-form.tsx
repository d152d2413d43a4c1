/**
 * @module The price form (spec 5: unit amount and currency mandatory; spec 9: one time, recurring, yearly, monthly),
 * for create and update. The amount is typed in major units with a dot and sent in minor units; "recurring" is sent
 * as monthly (`intervalOfChoice`, domain/billing/catalogue.ts).
 */
import { INTERVAL_CHOICES, type IntervalChoice, intervalOfChoice } from '@domain/billing/catalogue';
import { currencyDecimals, minorUnitsOf } from '@domain/billing/typed-amount';
import { Checkbox, Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueForm, type Danger, useRefusal } from './catalogue-form';

export interface PriceValues {
  productId: string;
  amount: string;
  currency: string;
  interval: string;
  isDefault: boolean;
}

export const PRICE_FIELDS = ['product_id', 'unit_amount', 'currency', 'interval'] as const;

/** The API body from the posted form, or the fields the form itself refuses (a typed amount it cannot read). */
export function priceBody(form: FormData) {
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const currency = text('currency').toUpperCase();
  const amount = text('amount');
  const unit = amount === '' ? null : minorUnitsOf(amount, currency || 'EUR');
  if (amount !== '' && unit === null) return { refused: { unit_amount: 'billingCatalogue.amountTyped' } } as const;
  const choice = INTERVAL_CHOICES.find((c) => c === text('interval'));
  const productId = Number(text('product_id'));
  return {
    body: {
      ...(productId > 0 ? { product_id: productId } : {}),
      unit_amount: unit,
      currency: currency || null,
      interval: choice ? intervalOfChoice(choice) : null,
      default: form.get('default') === 'on',
    },
  } as const;
}

/** The screen's choice for a stored interval. */
export const choiceOf = (interval: string): IntervalChoice | '' =>
  interval === 'one_time' ? 'one_time' : interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : '';

export function PriceForm(props: {
  title: string;
  initial: PriceValues;
  products: { id: number; name: string }[] | null;
  submitLabel: string;
  danger?: Danger | null;
  reactivate?: boolean;
  notes?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [productId, setProductId] = useState(props.initial.productId);
  const [amount, setAmount] = useState(props.initial.amount);
  const [currency, setCurrency] = useState(props.initial.currency);
  const [interval, setInterval] = useState(props.initial.interval);
  const [isDefault, setDefault] = useState(props.initial.isDefault);
  const { errorOf } = useRefusal({ decimals: currencyDecimals(currency || 'EUR') });
  const label = (c: IntervalChoice) =>
    ({
      one_time: t('billingCatalogue.prices.intervalOneTime'),
      recurring: t('billingCatalogue.prices.intervalRecurring'),
      monthly: t('billingCatalogue.prices.intervalMonthly'),
      yearly: t('billingCatalogue.prices.intervalYearly'),
    })[c];
  return (
    <CatalogueForm
      title={props.title}
      back="/stripe/prices"
      submitLabel={props.submitLabel}
      danger={props.danger}
      reactivate={props.reactivate}
      notes={props.notes}
      fields={PRICE_FIELDS}
    >
      {props.products ? (
        <Select
          label={t('billingCatalogue.prices.product')}
          name="product_id"
          options={[
            { label: t('billingCatalogue.prices.chooseProduct'), value: '' },
            ...props.products.map((p) => ({ label: p.name, value: String(p.id) })),
          ]}
          value={productId}
          onChange={setProductId}
          requiredIndicator
          error={errorOf('product_id')}
        />
      ) : null}
      <TextField
        label={t('billingCatalogue.prices.amount')}
        name="amount"
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        autoComplete="off"
        requiredIndicator
        error={errorOf('unit_amount')}
      />
      <TextField
        label={t('billingCatalogue.prices.currency')}
        name="currency"
        value={currency}
        onChange={(v) => setCurrency(v.toUpperCase())}
        maxLength={3}
        autoComplete="off"
        requiredIndicator
        error={errorOf('currency')}
      />
      <Select
        label={t('billingCatalogue.prices.interval')}
        name="interval"
        options={[{ label: '', value: '' }, ...INTERVAL_CHOICES.map((c) => ({ label: label(c), value: c }))]}
        value={interval}
        onChange={setInterval}
        requiredIndicator
        error={errorOf('interval')}
      />
      <Checkbox
        label={t('billingCatalogue.prices.isDefault')}
        name="default"
        checked={isDefault}
        onChange={setDefault}
      />
    </CatalogueForm>
  );
}
