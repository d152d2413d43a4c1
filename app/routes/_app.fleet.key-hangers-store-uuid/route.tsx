/** @module /fleet/key-hangers-store-uuid: a new RFID card from its UUID alone; the visual code is generated (spec section 5). */
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { storeAction, storeLoader } from '../../components/key-hangers/store.server';
import { StoreForm } from '../../components/key-hangers/store-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.store.titleUuid');

export const loader = storeLoader;

export const action = (args: ActionFunctionArgs) => storeAction(args, false);

export default function KeyHangerStoreUuid() {
  return <StoreForm withCode={false} />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
