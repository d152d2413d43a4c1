/**
 * @module /settings: the company settings of the selected company (/settings/{companyId}). A page
 * module, not a resource route, although its loader only redirects: so a refusal renders the app's
 * 403 handling ("Error 403", then back) instead of a bare JSON error.
 */
import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare';
import { SkeletonPage } from '@shopify/polaris';
import { AppRouteErrorBoundary } from '../components/route-error';
import { requirePermission } from '../lib/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'company:settings');
  return redirect(`/settings/${me.company.id}`);
}

/** Never shown for long: the loader always redirects or refuses. */
export default function SettingsRedirect() {
  return <SkeletonPage />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
