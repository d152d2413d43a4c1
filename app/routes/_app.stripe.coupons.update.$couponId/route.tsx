/** @module /stripe/coupons/update/{couponId}: rename a coupon (all Stripe allows) or delete it, confirmed. */

import { majorUnitsText } from '@domain/billing/typed-amount';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, refused, rowId } from '../../components/billing-catalogue/catalogue.server';
import { SyncNote } from '../../components/billing-catalogue/catalogue-form';
import { CouponForm } from '../../components/billing-catalogue/coupon-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.coupons.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context);
  const param = { couponId: rowId(params.couponId) };
  return must(await api.send(api.client.api.stripe.coupons[':couponId'].$get({ param })), me);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const param = { couponId: rowId(params.couponId) };
  const form = await request.formData();
  const coupon = api.client.api.stripe.coupons[':couponId'];
  if (form.get('intent') === 'delete') {
    const result = await api.send(coupon.$delete({ param }));
    if (!result.ok) return refused(me, result);
    return done(request, api, '/stripe/coupons', 'billingCatalogue.deleted');
  }
  const name = String(form.get('name') ?? '').trim();
  const result = await api.send(coupon.$post({ param, json: { name: name || null } }));
  if (!result.ok) return refused(me, result);
  return done(request, api, `/stripe/coupons/update/${param.couponId}`, 'billingCatalogue.saved');
}

export default function UpdateCoupon() {
  const { t } = useTranslation();
  const c = useLoaderData<typeof loader>();
  const name = c.name ?? t('billingCatalogue.coupons.unnamed', { id: c.id });
  return (
    <CouponForm
      key={`${c.id}-${c.name}`}
      title={t('billingCatalogue.coupons.edit', { name })}
      creating={false}
      initial={{
        name: c.name ?? '',
        kind: c.percent_off !== null ? 'percent' : 'amount',
        percentOff: c.percent_off === null ? '' : String(c.percent_off),
        amountOff: c.amount_off === null ? '' : majorUnitsText(c.amount_off, c.currency ?? 'EUR'),
        currency: c.currency ?? '',
        duration: c.duration,
        months: c.duration_in_months === null ? '' : String(c.duration_in_months),
      }}
      submitLabel={t('billingCatalogue.save')}
      notes={
        <>
          <SyncNote synced={c.synced} />
          {c.deleted ? <Banner tone="warning">{t('billingCatalogue.coupons.deletedBadge')}</Banner> : null}
          <Banner tone="info">{t('billingCatalogue.coupons.onlyNameNote')}</Banner>
        </>
      }
      danger={
        c.deleted
          ? null
          : {
              label: t('billingCatalogue.delete'),
              title: t('billingCatalogue.coupons.confirmTitle', { name }),
              body: t('billingCatalogue.coupons.confirmBody'),
              intent: 'delete',
            }
      }
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
