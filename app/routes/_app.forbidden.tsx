/**
 * @module /forbidden: the app's 403 page for what has no page of its own, such as a download the
 * user may not have (`requireDownloadPermission` sends the browser here rather than answer JSON).
 */
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { AppRouteErrorBoundary } from '../components/route-error';
import { forbidden, requireUser } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<never> {
  forbidden(await requireUser(request, context));
}

export default function Forbidden() {
  return null;
}

export const ErrorBoundary = AppRouteErrorBoundary;
