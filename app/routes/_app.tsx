/**
 * @module The pathless layout of every logged-in page: the Frame with the top bar and the
 * navigation of `me`. Its check does not protect the children: each child loader checks again.
 */
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { AppFrame } from '../components/app-frame/app-frame';
import { ErrorContent } from '../components/error-pages';
import { PublicShell } from '../components/public-shell';
import { requireUser } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireUser(request, context);
  return { me };
}

export default function AppLayout() {
  const { me } = useLoaderData<typeof loader>();
  return (
    <AppFrame me={me}>
      <Outlet />
    </AppFrame>
  );
}

/** Without `me` (the API failed) there is no frame to draw. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <PublicShell>
      <ErrorContent status={isRouteErrorResponse(error) ? error.status : 500} />
    </PublicShell>
  );
}
