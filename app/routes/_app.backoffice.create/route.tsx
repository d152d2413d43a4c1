/** @module /backoffice/create: a new back-office staff member of a company of the caller's tree, with roles (spec 7.7 `backoffice/add`). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { StaffForm, staffBody } from '../../components/backoffice/staff-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { flattenCompanies, openCompanies } from '../../lib/companies';
import { writeToast } from '../../lib/cookies.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'backofficeStaff.createTitle');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'backoffice-users:manage');
  const api = createApi(request, context, { language: me.user.language });
  const roles = must(await api.send(api.client.api.roles.$get()), me).data;
  return { roles, companies: openCompanies(flattenCompanies(me.companies)), companyId: me.company.id };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'backoffice-users:manage');
  const form = await request.formData();
  const api = createApi(request, context, { language: me.user.language });
  const json = { ...staffBody(form), company_id: Number(form.get('company_id')) };
  const result = await api.send(api.client.api.backoffice.add.$post({ json }));
  if (!result.ok) {
    if (result.status === 403 && !result.error.field) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'], field: result.error.field }, { status: result.status });
  }
  return redirect(`/backoffice/${result.data.id}`, {
    headers: api.headers(await writeToast(request, flash('backofficeStaff.created'))),
  });
}

export default function CreateStaffMember() {
  const { t } = useTranslation();
  const { roles, companies, companyId } = useLoaderData<typeof loader>();
  return (
    <Page
      title={t('backofficeStaff.createTitle')}
      backAction={{ content: t('backofficeStaff.back'), url: '/backoffice' }}
    >
      <StaffForm
        initial={{
          email: '',
          firstName: '',
          lastName: '',
          telephone: '',
          companyId: String(companyId),
          roles: [],
          permissionUpdatesDisabled: false,
        }}
        roles={roles}
        companies={companies}
        submitLabel={t('backofficeStaff.create')}
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
