/** @module /fleet/corporate-groups/update/{id}: rename a corporate group. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { GroupForm } from '../_app.fleet.create.corporate-groups/route';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.groups.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  const api = createApi(request, context);
  const group = must(
    await api.send(api.client.api.users.group[':groupId'].$get({ param: { groupId: String(fleetId(params.id)) } })),
    me,
  );
  return { group };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  const name = String((await request.formData()).get('name') ?? '');
  const api = createApi(request, context, { language: me.user.language });
  const groupId = String(fleetId(params.id));
  const result = await api.read(
    await api.client.api.users.group[':groupId'].$put({ param: { groupId }, json: { name } }),
  );
  if (!result.ok) {
    if (result.status === 403 || result.status === 404) must(result, me);
    return { error: result.error['error-msg'] };
  }
  return redirect(`/fleet/corporate-groups/${groupId}`, { headers: api.headers() });
}

export default function UpdateGroup() {
  const { group } = useLoaderData<typeof loader>();
  return <GroupForm title={group.name} initial={group.name} back={`/fleet/corporate-groups/${group.id}`} />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
