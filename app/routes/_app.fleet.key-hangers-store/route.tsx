/** @module /fleet/key-hangers-store: a new RFID card from its visual code and UUID (spec section 5: both required). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { storeAction } from '../../components/key-hangers/store.server';
import { StoreForm } from '../../components/key-hangers/store-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.store.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, 'fleet:key-hangers');
  return null;
}

export const action = (args: ActionFunctionArgs) => storeAction(args, true);

export default function KeyHangerStore() {
  return <StoreForm withCode />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
