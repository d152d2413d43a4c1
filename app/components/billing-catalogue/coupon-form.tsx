/**
 * @module The coupon form (spec 3, 9: percent off or amount off; once, repeating with months, forever). On update only
 * the name is editable: Stripe changes nothing else of a coupon.
 */
import { currencyDecimals, minorUnitsOf } from '@domain/billing/typed-amount';
import { Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { CatalogueForm, type Danger, useRefusal } from './catalogue-form';

export interface CouponValues {
  name: string;
  kind: 'percent' | 'amount';
  percentOff: string;
  amountOff: string;
  currency: string;
  duration: string;
  months: string;
}

export const COUPON_FIELDS = [
  'name',
  'percent_off',
  'amount_off',
  'currency',
  'duration',
  'duration_in_months',
] as const;

/** The API body of a new coupon from the posted form, or the fields the form refuses itself. */
export function couponBody(form: FormData) {
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const currency = text('currency').toUpperCase();
  const percent = text('kind') === 'percent';
  const typed = percent ? text('percent_off') : text('amount_off');
  let value: number | null = null;
  if (typed !== '') {
    value = percent ? (/^\d+(\.\d+)?$/.test(typed) ? Number(typed) : null) : minorUnitsOf(typed, currency || 'EUR');
    if (value === null) {
      const refused: Record<string, string> = percent
        ? { percent_off: 'billingCatalogue.errors.percentOffInvalid' }
        : { amount_off: 'billingCatalogue.amountTyped' };
      return { refused } as const;
    }
  }
  const months = text('duration_in_months');
  return {
    body: {
      name: text('name') || null,
      ...(percent ? { percent_off: value } : { amount_off: value, currency: currency || null }),
      duration: text('duration') || null,
      duration_in_months: text('duration') === 'repeating' && months ? Number(months) : null,
    },
  } as const;
}

/** "25 %" or "5,00 €", and "for 3 months" / once / forever, as the list shows a coupon. */
export function useCouponText() {
  const { t } = useTranslation();
  return {
    discount: (c: { percent_off: number | null; amount_off: number | null; currency: string | null }) =>
      c.percent_off !== null ? `${c.percent_off} %` : formatMoney(c.amount_off ?? 0, c.currency ?? 'EUR'),
    duration: (c: { duration: string; duration_in_months: number | null }) =>
      c.duration === 'repeating'
        ? t('billingCatalogue.coupons.forMonths', { count: c.duration_in_months ?? 0 })
        : c.duration === 'once'
          ? t('billingCatalogue.coupons.once')
          : t('billingCatalogue.coupons.forever'),
  };
}

export function CouponForm(props: {
  title: string;
  initial: CouponValues;
  creating: boolean;
  submitLabel: string;
  danger?: Danger | null;
  notes?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState(props.initial);
  const set = (key: keyof CouponValues) => (value: string) => setV((old) => ({ ...old, [key]: value }));
  const { errorOf } = useRefusal({ decimals: currencyDecimals(v.currency || 'EUR') });
  const fixed = !props.creating;
  return (
    <CatalogueForm
      title={props.title}
      back="/stripe/coupons"
      submitLabel={props.submitLabel}
      danger={props.danger}
      notes={props.notes}
      fields={COUPON_FIELDS}
    >
      <TextField
        label={t('billingCatalogue.coupons.name')}
        name="name"
        value={v.name}
        onChange={set('name')}
        maxLength={40}
        autoComplete="off"
        error={errorOf('name')}
      />
      <Select
        label={t('billingCatalogue.coupons.kind')}
        name="kind"
        options={[
          { label: t('billingCatalogue.coupons.kindPercent'), value: 'percent' },
          { label: t('billingCatalogue.coupons.kindAmount'), value: 'amount' },
        ]}
        value={v.kind}
        onChange={set('kind')}
        disabled={fixed}
      />
      {v.kind === 'percent' ? (
        <TextField
          label={t('billingCatalogue.coupons.percentOff')}
          name="percent_off"
          value={v.percentOff}
          onChange={set('percentOff')}
          inputMode="decimal"
          suffix="%"
          autoComplete="off"
          disabled={fixed}
          error={errorOf('percent_off')}
        />
      ) : (
        <>
          <TextField
            label={t('billingCatalogue.coupons.amountOff')}
            name="amount_off"
            value={v.amountOff}
            onChange={set('amountOff')}
            inputMode="decimal"
            autoComplete="off"
            disabled={fixed}
            error={errorOf('amount_off')}
          />
          <TextField
            label={t('billingCatalogue.coupons.currency')}
            name="currency"
            value={v.currency}
            onChange={(c) => set('currency')(c.toUpperCase())}
            maxLength={3}
            autoComplete="off"
            disabled={fixed}
            error={errorOf('currency')}
          />
        </>
      )}
      <Select
        label={t('billingCatalogue.coupons.duration')}
        name="duration"
        options={[
          { label: '', value: '' },
          { label: t('billingCatalogue.coupons.once'), value: 'once' },
          { label: t('billingCatalogue.coupons.repeating'), value: 'repeating' },
          { label: t('billingCatalogue.coupons.forever'), value: 'forever' },
        ]}
        value={v.duration}
        onChange={set('duration')}
        disabled={fixed}
        error={errorOf('duration')}
      />
      {v.duration === 'repeating' ? (
        <TextField
          label={t('billingCatalogue.coupons.months')}
          name="duration_in_months"
          type="number"
          min={1}
          max={36}
          value={v.months}
          onChange={set('months')}
          autoComplete="off"
          disabled={fixed}
          error={errorOf('duration_in_months')}
        />
      ) : null}
    </CatalogueForm>
  );
}
