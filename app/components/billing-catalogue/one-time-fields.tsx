/** @module The fields of a one-time product (spec 3: company, subscription, product, quantity, unit price excl. VAT, coupon). */
import { Select, TextField } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export interface Choices {
  currency: string | null;
  products: { id: number; name: string }[];
  coupons: {
    id: number;
    name: string;
    percent_off: number | null;
    amount_off: number | null;
    currency: string | null;
  }[];
  subscriptions: { id: number; name: string; status: string }[];
}

export interface OneTimeValues {
  companyId: string;
  subscriptionId: string;
  productId: string;
  quantity: string;
  unitPrice: string;
  couponId: string;
}

type Errors = (field: string) => string | undefined;
type Set = (key: keyof OneTimeValues) => (value: string) => void;

export function SubscriptionField({
  v,
  set,
  choices,
  errorOf,
}: {
  v: OneTimeValues;
  set: Set;
  choices: Choices;
  errorOf: Errors;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('billingCatalogue.oneTime.subscription')}
      options={[
        { label: t('billingCatalogue.oneTime.noSubscription'), value: '' },
        ...choices.subscriptions.map((s) => ({ label: `${s.name} (${s.status})`, value: String(s.id) })),
      ]}
      value={v.subscriptionId}
      onChange={set('subscriptionId')}
      helpText={choices.subscriptions.length === 0 ? t('billingCatalogue.oneTime.noSubscriptions') : undefined}
      error={errorOf('subscription_id')}
    />
  );
}

export function ProductFields({
  v,
  set,
  choices,
  errorOf,
}: {
  v: OneTimeValues;
  set: Set;
  choices: Choices;
  errorOf: Errors;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('billingCatalogue.oneTime.product')}
        options={[
          { label: t('billingCatalogue.oneTime.chooseProduct'), value: '' },
          ...choices.products.map((p) => ({ label: p.name, value: String(p.id) })),
        ]}
        value={v.productId}
        onChange={set('productId')}
        requiredIndicator
        error={errorOf('product_id')}
      />
      <TextField
        label={t('billingCatalogue.oneTime.quantity')}
        type="number"
        min={1}
        value={v.quantity}
        onChange={set('quantity')}
        autoComplete="off"
        requiredIndicator
        error={errorOf('quantity')}
      />
      <TextField
        label={t('billingCatalogue.oneTime.unitPrice')}
        value={v.unitPrice}
        onChange={set('unitPrice')}
        inputMode="decimal"
        suffix={choices.currency ?? undefined}
        autoComplete="off"
        requiredIndicator
        error={errorOf('unit_amount')}
      />
    </>
  );
}

export function CouponField({
  v,
  set,
  choices,
  errorOf,
}: {
  v: OneTimeValues;
  set: Set;
  choices: Choices;
  errorOf: Errors;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('billingCatalogue.oneTime.coupon')}
      options={[
        { label: t('billingCatalogue.oneTime.noCoupon'), value: '' },
        ...choices.coupons.map((c) => ({
          label: `${c.name || t('billingCatalogue.coupons.unnamed', { id: c.id })} (${c.percent_off !== null ? `${c.percent_off} %` : `${c.amount_off} ${c.currency ?? ''}`})`,
          value: String(c.id),
        })),
      ]}
      value={v.couponId}
      onChange={set('couponId')}
      error={errorOf('coupon_id')}
    />
  );
}

/** Every value as a hidden input, so the last step posts what the earlier ones chose. */
export function HiddenValues({ v }: { v: OneTimeValues }) {
  return (
    <>
      <input type="hidden" name="company_id" value={v.companyId} />
      <input type="hidden" name="subscription_id" value={v.subscriptionId} />
      <input type="hidden" name="product_id" value={v.productId} />
      <input type="hidden" name="quantity" value={v.quantity} />
      <input type="hidden" name="unit_price" value={v.unitPrice} />
      <input type="hidden" name="coupon_id" value={v.couponId} />
    </>
  );
}
