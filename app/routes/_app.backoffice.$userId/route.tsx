/**
 * @module /backoffice/{userId}: one back-office staff member (spec 7.7): change identity and roles (effective
 * at their next login, as the page says), remove them from the back office, delete, restore, and permanently
 * delete a deleted one after typing their e-mail address.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { StaffActions, type StaffIntent } from '../../components/backoffice/staff-actions';
import { StaffForm, staffBody } from '../../components/backoffice/staff-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import { fleetId, must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'backofficeStaff.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'backoffice-users:manage');
  const userId = String(fleetId(params.userId));
  const api = createApi(request, context, { language: me.user.language });
  const [user, roles] = await Promise.all([
    api.send(api.client.api.backoffice[':userId'].$get({ param: { userId } })),
    api.send(api.client.api.roles.$get()),
  ]);
  return { user: must(user, me), roles: must(roles, me).data, own: Number(userId) === me.user.id };
}

const TOASTS: Record<StaffIntent | 'save', string> = {
  save: 'backofficeStaff.saved',
  remove: 'backofficeStaff.removed',
  delete: 'backofficeStaff.deletedToast',
  restore: 'backofficeStaff.restored',
  permanent: 'backofficeStaff.permanentDone',
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'backoffice-users:manage');
  const userId = String(fleetId(params.userId));
  const form = await request.formData();
  const intent = String(form.get('intent')) as StaffIntent | 'save';
  const api = createApi(request, context, { language: me.user.language });
  const one = api.client.api.backoffice[':userId'];
  const param = { userId };
  const pending =
    intent === 'remove'
      ? one.remove.$put({ param })
      : intent === 'delete'
        ? one.$delete({ param, query: {} })
        : intent === 'permanent'
          ? one.$delete({ param, query: { permanent: 'true', confirm: 'true' } })
          : intent === 'restore'
            ? one.restore.$put({ param })
            : one.$put({ param, json: staffBody(form) });
  const result = await api.send(pending);
  if (!result.ok) {
    if (result.status === 403 && !result.error.field) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'], field: result.error.field }, { status: result.status });
  }
  const headers = api.headers(await writeToast(request, flash(TOASTS[intent] ?? 'backofficeStaff.saved')));
  return redirect(intent === 'permanent' ? '/backoffice?state=deleted' : `/backoffice/${userId}`, { headers });
}

export default function StaffMember() {
  const { t } = useTranslation();
  const { user, roles, own } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
  const deleted = user.state === 'deleted';
  return (
    <Page title={name} subtitle={user.email} backAction={{ content: t('backofficeStaff.back'), url: '/backoffice' }}>
      <BlockStack gap="400">
        {deleted ? <Banner tone="warning">{t('backofficeStaff.deletedBanner')}</Banner> : null}
        {own ? <Banner tone="info">{t('backofficeStaff.ownAccount')}</Banner> : null}
        {failed && !failed.field ? <Banner tone="critical">{failed.error}</Banner> : null}
        <StaffForm
          key={JSON.stringify(user)}
          initial={{
            email: user.email,
            firstName: user.first_name ?? '',
            lastName: user.last_name ?? '',
            telephone: user.telephone ?? '',
            companyId: String(user.company_id),
            roles: user.roles,
            permissionUpdatesDisabled: user.permission_updates_disabled,
          }}
          roles={roles}
          submitLabel={t('backofficeStaff.save')}
          disabled={deleted}
        />
        {own ? null : (
          <StaffActions name={name} email={user.email} deleted={deleted} hasRoles={user.roles.length > 0} />
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
