/**
 * @module The create form of /stripe/subscriptions and its confirmation ("Activating a subscription cannot be
 * undone", spec 4): the choices come from the route's loader, the answer's field errors are shown per field.
 */
import { useSubmit } from '@remix-run/react';
import { BlockStack, Button, Card, FormLayout, Modal, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Refusal } from '../../components/billing-catalogue/catalogue.server';
import { formatMoney } from '../../lib/format';

const ANCHORS = ['', 'eom', ...Array.from({ length: 28 }, (_, i) => String(i + 1))];

type Choice = { value: string; label: string };
export interface SubscriptionOptions {
  customers: Choice[];
  prices: { id: number; product: string; amount: number; currency: string; interval: string }[];
  coupons: Choice[];
  taxRates: Choice[];
}

/** The billing cycle anchor as words: none, end of month, or a day of the month. */
export function useAnchorLabel() {
  const { t } = useTranslation();
  return (a: string) =>
    a === ''
      ? t('billingInvoices.anchorNone')
      : a === 'eom'
        ? t('billingInvoices.anchorEom')
        : t('billingInvoices.anchorDay', { day: a });
}

export function SubscriptionCreateCard({
  options,
  refusal,
  busy,
}: {
  options: SubscriptionOptions;
  refusal: Refusal | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [fields, setFields] = useState({
    company_id: '',
    price_id: '',
    quantity: '1',
    coupon_id: '',
    tax_rate_id: '',
    trial_end: '',
    billing_cycle_anchor: '',
    name: '',
  });
  const [activating, setActivating] = useState(false);
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  const fieldError = (key: string) => refusal?.issues[key];
  const anchorLabel = useAnchorLabel();
  const text = (key: keyof typeof fields, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={fields[key]}
      onChange={set(key)}
      autoComplete="off"
      error={fieldError(key)}
      {...extra}
    />
  );
  /** A choice among the loaded options; the empty first entry means none (optional) or not chosen yet. */
  const pick = (key: keyof typeof fields, label: string, choices: { value: string; label: string }[]) => (
    <Select
      label={label}
      options={[{ value: '', label: t('billingInvoices.none') }, ...choices]}
      value={fields[key]}
      onChange={set(key)}
      error={fieldError(key)}
    />
  );
  const priceOptions = options.prices.map((p) => ({
    value: String(p.id),
    label: `${p.product} · ${formatMoney(p.amount, p.currency)} · ${t(p.interval === 'year' ? 'billingCatalogue.prices.intervalYearly' : 'billingCatalogue.prices.intervalMonthly')}`,
  }));
  return (
    <>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('billingInvoices.subsCreate')}
          </Text>
          <FormLayout>
            <FormLayout.Group>
              {pick('company_id', t('billingInvoices.company'), options.customers)}
              {pick('price_id', t('billingInvoices.price'), priceOptions)}
              {text('quantity', t('billingInvoices.quantity'), { type: 'number' })}
            </FormLayout.Group>
            <FormLayout.Group>
              {pick('coupon_id', t('billingInvoices.couponId'), options.coupons)}
              {pick('tax_rate_id', t('billingInvoices.taxRateId'), options.taxRates)}
              {text('name', t('billingInvoices.name'))}
            </FormLayout.Group>
            <FormLayout.Group>
              {text('trial_end', t('billingInvoices.trialEnd'), {
                type: 'date',
                helpText: t('billingInvoices.trialHelp'),
              })}
              <Select
                label={t('billingInvoices.anchor')}
                options={ANCHORS.map((a) => ({ label: anchorLabel(a), value: a }))}
                value={fields.billing_cycle_anchor}
                onChange={set('billing_cycle_anchor')}
                error={fieldError('billing_cycle_anchor')}
              />
            </FormLayout.Group>
            <Button variant="primary" onClick={() => setActivating(true)}>
              {t('billingInvoices.activate')}
            </Button>
          </FormLayout>
        </BlockStack>
      </Card>
      <Modal
        open={activating}
        onClose={() => setActivating(false)}
        title={t('billingInvoices.activateTitle')}
        primaryAction={{
          content: t('billingInvoices.activate'),
          loading: busy,
          onAction: () => {
            submit({ intent: 'create', ...fields }, { method: 'post' });
            setActivating(false);
          },
        }}
        secondaryActions={[{ content: t('billingInvoices.cancel'), onAction: () => setActivating(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('billingInvoices.activateText')}</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
