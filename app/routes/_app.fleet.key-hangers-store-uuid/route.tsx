/** @module /fleet/key-hangers-store-uuid: a new RFID card from its UUID alone; the visual code is generated (spec section 5). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { storeAction } from '../../components/key-hangers/store.server';
import { StoreForm } from '../../components/key-hangers/store-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.store.titleUuid');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, 'fleet:key-hangers');
  return null;
}

export const action = (args: ActionFunctionArgs) => storeAction(args, false);

export default function KeyHangerStoreUuid() {
  return <StoreForm withCode={false} />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
