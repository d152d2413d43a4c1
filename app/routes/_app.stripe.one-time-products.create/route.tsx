/**
 * @module /stripe/one-time-products/create in four steps (spec 2): 1 the company, 2 its subscription (optional),
 * 3 the product, quantity and unit price excluding VAT, 4 the coupon and a review. The company's choice reloads its
 * subscriptions and currency; the last step posts every value. A refused field takes the wizard back to its step.
 */

import { minorUnitsOf } from '@domain/billing/typed-amount';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Page, Select, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  billingAdmin,
  done,
  formRefusal,
  type Refusal,
  refused,
} from '../../components/billing-catalogue/catalogue.server';
import { useRefusal } from '../../components/billing-catalogue/catalogue-form';
import { oneTimeBody, oneTimeChoices } from '../../components/billing-catalogue/one-time.server';
import {
  CouponField,
  HiddenValues,
  type OneTimeValues,
  ProductFields,
  SubscriptionField,
} from '../../components/billing-catalogue/one-time-fields';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.oneTime.create');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const companies = flattenCompanies(me.companies);
  const wanted = Number(new URL(request.url).searchParams.get('company'));
  const company = companies.find((c) => c.id === wanted)?.id ?? null;
  const api = createApi(request, context);
  return { companies, company, choices: await oneTimeChoices(api, me, company) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const choices = await oneTimeChoices(api, me, Number(form.get('company_id')) || null);
  const parsed = oneTimeBody(form, choices.currency ?? me.company.currency ?? 'EUR');
  if (parsed.refused) return formRefusal(parsed.refused);
  const result = await api.send(api.client.api.stripe['one-time-products'].$post({ json: parsed.body }));
  if (!result.ok) return refused(me, result);
  return done(request, api, '/stripe/one-time-products', 'billingCatalogue.saved');
}

const STEP_OF: Record<string, number> = {
  company_id: 1,
  subscription_id: 2,
  product_id: 3,
  quantity: 3,
  unit_amount: 3,
  coupon_id: 4,
};

export default function CreateOneTimeProduct() {
  const { t } = useTranslation();
  const { companies, company, choices } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const refusal = useActionData<Refusal>();
  const currency = choices.currency ?? 'EUR';
  const { errorOf } = useRefusal({ decimals: 2 });
  const [step, setStep] = useState(company ? 2 : 1);
  const [v, setV] = useState<OneTimeValues>({
    companyId: company ? String(company) : '',
    subscriptionId: '',
    productId: '',
    quantity: '1',
    unitPrice: '',
    couponId: '',
  });
  const set = (key: keyof OneTimeValues) => (value: string) => setV((old) => ({ ...old, [key]: value }));
  useEffect(() => {
    const back = refusal?.field ? STEP_OF[refusal.field] : undefined;
    if (back) setStep(back);
  }, [refusal]);
  const next = () => {
    if (step === 1 && v.companyId) navigate(`?company=${v.companyId}`, { replace: true, preventScrollReset: true });
    setStep(step + 1);
  };
  const productName = choices.products.find((p) => String(p.id) === v.productId)?.name ?? '—';
  const unit = minorUnitsOf(v.unitPrice, currency);
  const quantity = Number(v.quantity);
  const titles = [
    t('billingCatalogue.oneTime.step1'),
    t('billingCatalogue.oneTime.step2'),
    t('billingCatalogue.oneTime.step3'),
    t('billingCatalogue.oneTime.step4'),
  ];
  return (
    <Page
      title={t('billingCatalogue.oneTime.create')}
      subtitle={`${t('billingCatalogue.oneTime.step', { step })} · ${titles[step - 1]}`}
      backAction={{ content: t('billingCatalogue.back'), url: '/stripe/one-time-products' }}
    >
      <BlockStack gap="400">
        {refusal?.error && !refusal.field ? <Banner tone="critical">{refusal.error}</Banner> : null}
        <Card>
          <Form method="post">
            <HiddenValues v={v} />
            <FormLayout>
              {step === 1 ? (
                <Select
                  label={t('billingCatalogue.oneTime.company')}
                  options={[
                    { label: t('billingCatalogue.oneTime.chooseCompany'), value: '' },
                    ...companies.map((c) => ({ label: `${'  '.repeat(c.depth)}${c.name}`, value: String(c.id) })),
                  ]}
                  value={v.companyId}
                  onChange={(id) => setV((old) => ({ ...old, companyId: id, subscriptionId: '' }))}
                  requiredIndicator
                  error={errorOf('company_id')}
                />
              ) : null}
              {step === 2 ? <SubscriptionField v={v} set={set} choices={choices} errorOf={errorOf} /> : null}
              {step === 3 ? <ProductFields v={v} set={set} choices={choices} errorOf={errorOf} /> : null}
              {step === 4 ? (
                <BlockStack gap="300">
                  <CouponField v={v} set={set} choices={choices} errorOf={errorOf} />
                  <Text as="p">
                    {`${companies.find((c) => String(c.id) === v.companyId)?.name ?? ''} · ${productName} · ${v.quantity} × ${
                      unit === null ? '—' : formatMoney(unit, currency)
                    } = ${unit === null || !Number.isFinite(quantity) ? '—' : formatMoney(unit * quantity, currency)}`}
                  </Text>
                  <Text as="p" tone="subdued">
                    {t('billingCatalogue.oneTime.review')}
                  </Text>
                </BlockStack>
              ) : null}
              <InlineStack align="space-between">
                <Button disabled={step === 1} onClick={() => setStep(step - 1)}>
                  {t('billingCatalogue.oneTime.previous')}
                </Button>
                {step < 4 ? (
                  <Button variant="primary" disabled={step === 1 && !v.companyId} onClick={next}>
                    {t('billingCatalogue.oneTime.next')}
                  </Button>
                ) : (
                  <Button submit variant="primary" loading={navigation.state === 'submitting'}>
                    {t('billingCatalogue.save')}
                  </Button>
                )}
              </InlineStack>
            </FormLayout>
          </Form>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
