/** @module /stripe/prices/create: a new price of a product, stored and mirrored to Stripe ("Creation failed" otherwise). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, formRefusal, refused } from '../../components/billing-catalogue/catalogue.server';
import { PriceForm, priceBody } from '../../components/billing-catalogue/price-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.prices.create');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context);
  const products = must(
    await api.send(api.client.api.stripe.products.$get({ query: { active: '1', items_per_page: '100' } })),
    me,
  );
  const product = new URL(request.url).searchParams.get('product') ?? '';
  return {
    products: products.data.map((p) => ({ id: p.id, name: p.name })),
    product,
    currency: me.company.currency ?? 'EUR',
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const parsed = priceBody(await request.formData());
  if (parsed.refused) return formRefusal(parsed.refused);
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.stripe.prices.$post({ json: parsed.body }));
  if (!result.ok) return refused(me, result);
  return done(request, api, `/stripe/prices?product=${result.data.product_id}`, 'billingCatalogue.saved');
}

export default function CreatePrice() {
  const { t } = useTranslation();
  const { products, product, currency } = useLoaderData<typeof loader>();
  return (
    <PriceForm
      title={t('billingCatalogue.prices.create')}
      products={products}
      initial={{ productId: product, amount: '', currency, interval: '', isDefault: false }}
      submitLabel={t('billingCatalogue.save')}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
