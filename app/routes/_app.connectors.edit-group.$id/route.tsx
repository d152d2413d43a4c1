/** @module /connectors/edit-group/{id}: rename a connector group or change its description. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GroupForm, groupFormBody } from '../../components/groups/group-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.form.editTitle');

const idOf = (raw: string | undefined) => {
  const n = Number(raw);
  return String(Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : 0);
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const api = createApi(request, context, { language: me.user.language });
  const group = must(await api.send(api.client.api.tags[':id'].$get({ param: { id: idOf(params.id) } })), me);
  return { id: group.id, name: group.name, description: group.description ?? '' };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const api = createApi(request, context, { language: me.user.language });
  const id = idOf(params.id);
  const result = await api.read(
    await api.client.api.tags[':id'].$put({ param: { id }, json: groupFormBody(await request.formData()) }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'], field: result.error.field }, { status: result.status });
  }
  return redirect(`/connectors/groups/${id}`, { headers: api.headers() });
}

export default function EditGroup() {
  const { t } = useTranslation();
  const group = useLoaderData<typeof loader>();
  return (
    <GroupForm
      title={t('groups.form.editTitle')}
      back={`/connectors/groups/${group.id}`}
      initial={{ name: group.name, description: group.description }}
      submitLabel={t('groups.form.save')}
    />
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
