/** @module /fleet/key-hangers-store: a new RFID card from its visual code and UUID (spec section 5: both required). */
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { storeAction, storeLoader } from '../../components/key-hangers/store.server';
import { StoreForm } from '../../components/key-hangers/store-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.store.title');

export const loader = storeLoader;

export const action = (args: ActionFunctionArgs) => storeAction(args, true);

export default function KeyHangerStore() {
  return <StoreForm withCode />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
