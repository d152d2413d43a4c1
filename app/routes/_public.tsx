/** @module The pathless layout of the public pages (login, 2FA, password reset, guides). */
import { isRouteErrorResponse, Outlet, useRouteError } from '@remix-run/react';
import { ErrorContent } from '../components/error-pages';
import { PublicShell } from '../components/public-shell';

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <PublicShell>
      <ErrorContent status={isRouteErrorResponse(error) ? error.status : 500} />
    </PublicShell>
  );
}
