/** @module /stripe/coupons/create: a new coupon, stored and mirrored to Stripe ("Creation failed" otherwise). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, formRefusal, refused } from '../../components/billing-catalogue/catalogue.server';
import { CouponForm, couponBody } from '../../components/billing-catalogue/coupon-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.coupons.create');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  return { currency: me.company.currency ?? 'EUR' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const parsed = couponBody(await request.formData());
  if (parsed.refused) return formRefusal(parsed.refused);
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.stripe.coupons.$post({ json: parsed.body }));
  if (!result.ok) return refused(me, result);
  return done(request, api, '/stripe/coupons', 'billingCatalogue.saved');
}

export default function CreateCoupon() {
  const { t } = useTranslation();
  const { currency } = useLoaderData<typeof loader>();
  return (
    <CouponForm
      title={t('billingCatalogue.coupons.create')}
      creating
      initial={{ name: '', kind: 'percent', percentOff: '', amountOff: '', currency, duration: 'once', months: '' }}
      submitLabel={t('billingCatalogue.save')}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
