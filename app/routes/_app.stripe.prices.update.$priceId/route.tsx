/**
 * @module /stripe/prices/update/{priceId}: Stripe never changes a price, so a new amount, currency or interval
 * creates a new price (the page then shows it) and deactivates this one; deactivating alone is confirmed.
 */

import { majorUnitsText } from '@domain/billing/typed-amount';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, formRefusal, refused, rowId } from '../../components/billing-catalogue/catalogue.server';
import { SyncNote } from '../../components/billing-catalogue/catalogue-form';
import { choiceOf, PriceForm, priceBody } from '../../components/billing-catalogue/price-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.prices.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context);
  const param = { priceId: rowId(params.priceId) };
  return must(await api.send(api.client.api.stripe.prices[':priceId'].$get({ param, query: {} })), me);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const param = { priceId: rowId(params.priceId) };
  const form = await request.formData();
  const price = api.client.api.stripe.prices[':priceId'];
  if (form.get('intent') === 'deactivate') {
    const result = await api.send(price.$delete({ param }));
    if (!result.ok) return refused(me, result);
    return done(request, api, '/stripe/prices', 'billingCatalogue.deactivated');
  }
  if (form.get('intent') === 'reactivate') {
    const result = await api.send(price.$put({ param, json: { active: true } }));
    if (!result.ok) return refused(me, result);
    return done(request, api, `/stripe/prices/update/${param.priceId}`, 'billingCatalogue.reactivated');
  }
  const parsed = priceBody(form);
  if (parsed.refused) return formRefusal(parsed.refused);
  const { product_id: _product, ...body } = parsed.body;
  const result = await api.send(price.$put({ param, json: body }));
  if (!result.ok) return refused(me, result);
  return done(request, api, `/stripe/prices/update/${result.data.id}`, 'billingCatalogue.saved');
}

export default function UpdatePrice() {
  const { t } = useTranslation();
  const p = useLoaderData<typeof loader>();
  return (
    <PriceForm
      key={p.id}
      title={t('billingCatalogue.prices.edit', { product: p.product_name })}
      products={null}
      initial={{
        productId: String(p.product_id),
        amount: majorUnitsText(p.unit_amount, p.currency),
        currency: p.currency,
        interval: choiceOf(p.interval),
        isDefault: p.default,
      }}
      submitLabel={t('billingCatalogue.save')}
      notes={
        <>
          <SyncNote synced={p.synced} />
          <Banner tone="info">{t('billingCatalogue.prices.replaceNote')}</Banner>
        </>
      }
      reactivate={!p.active}
      danger={
        p.active
          ? {
              label: t('billingCatalogue.deactivate'),
              title: t('billingCatalogue.prices.confirmTitle'),
              body: t('billingCatalogue.prices.confirmBody'),
              intent: 'deactivate',
            }
          : null
      }
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
