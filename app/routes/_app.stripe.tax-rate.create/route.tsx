/** @module /stripe/tax-rate/create: a new tax rate, stored and mirrored to Stripe ("Creation failed" otherwise). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Banner } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, formRefusal, refused } from '../../components/billing-catalogue/catalogue.server';
import { TaxRateForm, taxRateBody } from '../../components/billing-catalogue/tax-rate-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.taxRates.create');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await billingAdmin(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const parsed = taxRateBody(await request.formData(), true);
  if (parsed.refused) return formRefusal(parsed.refused);
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.stripe.account['tax-rate'].$post({ json: parsed.body }));
  if (!result.ok) return refused(me, result);
  return done(request, api, '/stripe/tax-rate', 'billingCatalogue.saved');
}

export default function CreateTaxRate() {
  const { t } = useTranslation();
  return (
    <TaxRateForm
      title={t('billingCatalogue.taxRates.create')}
      creating
      initial={{ description: '', percentage: '', jurisdiction: '', taxType: 'vat', inclusive: false }}
      submitLabel={t('billingCatalogue.save')}
      notes={<Banner tone="info">{t('billingCatalogue.taxRates.fixedNote')}</Banner>}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
