/** @module /stripe/products/update/{productId}: change a product (Stripe first, "Product update failed" otherwise) or deactivate it, confirmed. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, refused, rowId } from '../../components/billing-catalogue/catalogue.server';
import { SyncNote } from '../../components/billing-catalogue/catalogue-form';
import { ProductForm, productBody } from '../../components/billing-catalogue/product-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.products.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context);
  const param = { productId: rowId(params.productId) };
  return must(await api.send(api.client.api.stripe.products[':productId'].$get({ param })), me);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const param = { productId: rowId(params.productId) };
  const form = await request.formData();
  const product = api.client.api.stripe.products[':productId'];
  if (form.get('intent') === 'deactivate') {
    const result = await api.send(product.$delete({ param }));
    if (!result.ok) return refused(me, result);
    return done(request, api, '/stripe/products', 'billingCatalogue.deactivated');
  }
  if (form.get('intent') === 'reactivate') {
    const result = await api.send(product.$put({ param, json: { active: true } }));
    if (!result.ok) return refused(me, result);
    return done(request, api, `/stripe/products/update/${param.productId}`, 'billingCatalogue.reactivated');
  }
  const result = await api.send(product.$put({ param, json: productBody(form) }));
  if (!result.ok) return refused(me, result);
  return done(request, api, `/stripe/products/update/${param.productId}`, 'billingCatalogue.saved');
}

export default function UpdateProduct() {
  const { t } = useTranslation();
  const p = useLoaderData<typeof loader>();
  return (
    <ProductForm
      key={`${p.id}-${p.name}-${p.country}-${p.type}`}
      title={t('billingCatalogue.products.edit', { name: p.name })}
      initial={{ name: p.name, country: p.country, type: p.type }}
      submitLabel={t('billingCatalogue.save')}
      notes={
        <>
          <SyncNote synced={p.synced} />
          <Text as="p">
            <Link to={`/stripe/prices?product=${p.id}`}>{t('billingCatalogue.products.prices')}</Link>
            {p.active ? '' : ` · ${t('billingCatalogue.inactive')}`}
          </Text>
        </>
      }
      reactivate={!p.active}
      danger={
        p.active
          ? {
              label: t('billingCatalogue.deactivate'),
              title: t('billingCatalogue.products.confirmTitle', { name: p.name }),
              body: t('billingCatalogue.products.confirmBody'),
              intent: 'deactivate',
            }
          : null
      }
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
