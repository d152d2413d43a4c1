/** @module /stripe/tax-rate/update/{taxRateId}: description, jurisdiction and type change; deactivating (never deleting) is confirmed. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { billingAdmin, done, formRefusal, refused, rowId } from '../../components/billing-catalogue/catalogue.server';
import { SyncNote } from '../../components/billing-catalogue/catalogue-form';
import { TaxRateForm, taxRateBody } from '../../components/billing-catalogue/tax-rate-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingCatalogue.taxRates.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context);
  const param = { taxRateId: rowId(params.taxRateId) };
  return must(await api.send(api.client.api.stripe.account['tax-rate'][':taxRateId'].$get({ param })), me);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await billingAdmin(request, context);
  const api = createApi(request, context, { language: me.user.language });
  const param = { taxRateId: rowId(params.taxRateId) };
  const form = await request.formData();
  const rate = api.client.api.stripe.account['tax-rate'][':taxRateId'];
  if (form.get('intent') === 'deactivate') {
    const result = await api.send(rate.$delete({ param }));
    if (!result.ok) return refused(me, result);
    return done(request, api, '/stripe/tax-rate', 'billingCatalogue.deactivated');
  }
  if (form.get('intent') === 'reactivate') {
    const result = await api.send(rate.$put({ param, json: { active: true } }));
    if (!result.ok) return refused(me, result);
    return done(request, api, `/stripe/tax-rate/update/${param.taxRateId}`, 'billingCatalogue.reactivated');
  }
  const parsed = taxRateBody(form, false);
  if (parsed.refused) return formRefusal(parsed.refused);
  const result = await api.send(rate.$put({ param, json: parsed.body }));
  if (!result.ok) return refused(me, result);
  return done(request, api, `/stripe/tax-rate/update/${param.taxRateId}`, 'billingCatalogue.saved');
}

export default function UpdateTaxRate() {
  const { t } = useTranslation();
  const r = useLoaderData<typeof loader>();
  return (
    <TaxRateForm
      key={`${r.id}-${r.description}`}
      title={t('billingCatalogue.taxRates.edit', { name: r.description })}
      creating={false}
      initial={{
        description: r.description,
        percentage: String(r.percentage),
        jurisdiction: r.jurisdiction ?? '',
        taxType: r.tax_type ?? '',
        inclusive: r.inclusive,
      }}
      submitLabel={t('billingCatalogue.save')}
      notes={
        <>
          <SyncNote synced={r.synced} />
          <Banner tone="info">{t('billingCatalogue.taxRates.fixedNote')}</Banner>
        </>
      }
      reactivate={!r.active}
      danger={
        r.active
          ? {
              label: t('billingCatalogue.deactivate'),
              title: t('billingCatalogue.taxRates.confirmTitle', { name: r.description }),
              body: t('billingCatalogue.taxRates.confirmBody'),
              intent: 'deactivate',
            }
          : null
      }
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
