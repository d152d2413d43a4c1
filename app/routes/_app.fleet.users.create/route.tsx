/** @module /fleet/users/create: the user wizard in create mode. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { UserWizard } from './wizard';
import { loadWizard, saveWizard } from './wizard.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.wizard.createTitle');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  return loadWizard(request, context, me);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  return saveWizard(request, context, me);
}

export default function CreateUser() {
  const { options, companyGroups } = useLoaderData<typeof loader>();
  return <UserWizard options={options} companyGroups={companyGroups} user={null} />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
