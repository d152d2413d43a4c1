/**
 * @module The pathless layout of every logged-in page: the Frame with the top bar and the
 * navigation of `me`. Its check does not protect the children: each child loader checks again.
 * It also answers 404 for any page whose id param cannot be a row id (lib/route-params.ts): the
 * first error in route order sets the status, so the page is a 404 whatever its own loader does.
 */
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { AppFrame } from '../components/app-frame/app-frame';
import { ErrorContent, NotFoundContent } from '../components/error-pages';
import { PublicShell } from '../components/public-shell';
import { requireWellFormedIds } from '../lib/route-params';
import { requireUser } from '../lib/session.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requireUser(request, context);
  requireWellFormedIds(params, me.landing);
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

/** Without `me` (the API failed, or a malformed id) there is no frame to draw. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const landing = (error.data as { landing?: string } | null)?.landing ?? '/';
    return (
      <PublicShell>
        <NotFoundContent homeUrl={landing} />
      </PublicShell>
    );
  }
  return (
    <PublicShell>
      <ErrorContent status={isRouteErrorResponse(error) ? error.status : 500} />
    </PublicShell>
  );
}
