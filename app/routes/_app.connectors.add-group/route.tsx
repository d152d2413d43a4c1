/** @module /connectors/add-group: create a connector group (tag); its connectors are added on its page. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useTranslation } from 'react-i18next';
import { GroupForm, groupFormBody } from '../../components/groups/group-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.form.addTitle');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, 'stations:edit');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.read<{ id: number }>(
    await api.client.api.tags.$post({ json: groupFormBody(await request.formData()) }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'], field: result.error.field }, { status: result.status });
  }
  return redirect(`/connectors/groups/${result.data.id}`, { headers: api.headers() });
}

export default function AddGroup() {
  const { t } = useTranslation();
  return (
    <GroupForm
      title={t('groups.form.addTitle')}
      back="/connectors/groups"
      initial={{ name: '', description: '' }}
      submitLabel={t('groups.form.create')}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
