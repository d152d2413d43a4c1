/** @module /customer-group/create: a new customer group of the selected company. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GroupForm, groupBody } from '../../components/customer-groups/group-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'customerGroups.form.createTitle');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  return { currency: me.company.currency ?? 'EUR', companies: flattenCompanies(me.companies) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const parsed = groupBody(await request.formData());
  if ('badField' in parsed) return data({ error: '', field: parsed.badField, amount: true }, { status: 400 });
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.read<{ data: { id: number } }>(
    await api.client.api['customer-type'].$post({ json: parsed.body }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    const field = result.status === 409 ? 'name' : result.error.field;
    return data({ error: result.error['error-msg'], field }, { status: result.status });
  }
  return redirect(`/customer-group/${result.data.data.id}/edit`, { headers: api.headers() });
}

export default function CreateCustomerGroup() {
  const { t } = useTranslation();
  const { currency, companies } = useLoaderData<typeof loader>();
  return (
    <GroupForm
      title={t('customerGroups.form.createTitle')}
      back="/customer-group"
      initial={{
        name: '',
        maxPrice: '',
        hideRoaming: false,
        disablePayment: false,
        userPrivacy: false,
        automaticPrivate: false,
        linked: [],
      }}
      currency={currency}
      companies={companies}
      submitLabel={t('customerGroups.form.create')}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
