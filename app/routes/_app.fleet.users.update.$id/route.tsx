/** @module /fleet/users/update/{id}: the user wizard in update mode. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { fleetId } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { UserWizard } from '../_app.fleet.users.create/wizard';
import { loadWizard, saveWizard } from '../_app.fleet.users.create/wizard.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.users.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  return loadWizard(request, context, me, fleetId(params.id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  return saveWizard(request, context, me, fleetId(params.id));
}

export default function UpdateUser() {
  const { options, companyGroups, user } = useLoaderData<typeof loader>();
  return <UserWizard key={user?.id} options={options} companyGroups={companyGroups} user={user} />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
