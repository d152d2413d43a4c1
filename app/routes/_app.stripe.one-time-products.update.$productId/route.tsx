/** @module /stripe/one-time-products/update/{productId}: change a pending one-time product, or delete it (confirmed). */

import { majorUnitsText } from '@domain/billing/typed-amount';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, formRefusal, refused, rowId } from '../../components/billing-catalogue/catalogue.server';
import { CatalogueForm, useRefusal } from '../../components/billing-catalogue/catalogue-form';
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
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.oneTime.edit');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context);
  const param = { pendingOneTimeId: rowId(params.productId) };
  const line = must(
    await api.send(api.client.api.stripe['one-time-products'][':pendingOneTimeId'].$get({ param })),
    me,
  );
  return { line, choices: await oneTimeChoices(api, me, line.company_id) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const param = { pendingOneTimeId: rowId(params.productId) };
  const form = await request.formData();
  const line = api.client.api.stripe['one-time-products'][':pendingOneTimeId'];
  if (form.get('intent') === 'delete') {
    const result = await api.send(line.$delete({ param }));
    if (!result.ok) return refused(me, result);
    return done(request, api, '/stripe/one-time-products', 'billingCatalogue.deleted');
  }
  const choices = await oneTimeChoices(api, me, Number(form.get('company_id')) || null);
  const parsed = oneTimeBody(form, choices.currency ?? 'EUR');
  if (parsed.refused) return formRefusal(parsed.refused);
  const result = await api.send(line.$put({ param, json: parsed.body }));
  if (!result.ok) return refused(me, result);
  return done(request, api, '/stripe/one-time-products', 'billingCatalogue.saved');
}

export default function UpdateOneTimeProduct() {
  const { t } = useTranslation();
  const { line, choices } = useLoaderData<typeof loader>();
  const { errorOf } = useRefusal({ decimals: 2 });
  const [v, setV] = useState<OneTimeValues>({
    companyId: String(line.company_id),
    subscriptionId: line.subscription_id ? String(line.subscription_id) : '',
    productId: String(line.product_id),
    quantity: String(line.quantity),
    unitPrice: majorUnitsText(line.unit_amount, line.currency),
    couponId: line.coupon_id ? String(line.coupon_id) : '',
  });
  const set = (key: keyof OneTimeValues) => (value: string) => setV((old) => ({ ...old, [key]: value }));
  const pending = line.status === 'pending';
  return (
    <CatalogueForm
      title={t('billingCatalogue.oneTime.edit')}
      back="/stripe/one-time-products"
      submitLabel={t('billingCatalogue.save')}
      fields={['company_id', 'subscription_id', 'product_id', 'quantity', 'unit_amount', 'coupon_id']}
      notes={pending ? null : <Banner tone="warning">{t('billingCatalogue.oneTime.notPending')}</Banner>}
      danger={
        pending
          ? {
              label: t('billingCatalogue.delete'),
              title: t('billingCatalogue.oneTime.confirmTitle'),
              body: t('billingCatalogue.oneTime.confirmBody'),
              intent: 'delete',
            }
          : null
      }
    >
      <HiddenValues v={v} />
      <TextField label={t('billingCatalogue.oneTime.company')} value={line.company_name} disabled autoComplete="off" />
      <SubscriptionField v={v} set={set} choices={choices} errorOf={errorOf} />
      <ProductFields v={v} set={set} choices={choices} errorOf={errorOf} />
      <CouponField v={v} set={set} choices={choices} errorOf={errorOf} />
    </CatalogueForm>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
