/** @module /stripe/products/create: a new product, stored and mirrored to Stripe ("Product creation failed" when Stripe does not take it). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, refused } from '../../components/billing-catalogue/catalogue.server';
import { ProductForm, productBody } from '../../components/billing-catalogue/product-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.products.create');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await billingAdmin(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.stripe.products.$post({ json: productBody(await request.formData()) }));
  if (!result.ok) return refused(me, result);
  return done(request, api, `/stripe/products/update/${result.data.id}`, 'billingCatalogue.saved');
}

export default function CreateProduct() {
  const { t } = useTranslation();
  return (
    <ProductForm
      title={t('billingCatalogue.products.create')}
      initial={{ name: '', country: '', type: '' }}
      submitLabel={t('billingCatalogue.save')}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
