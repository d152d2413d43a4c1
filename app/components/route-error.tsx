/**
 * @module The error boundary of every logged-in page. It renders inside the Frame, so a 403
 * can show its "Error 403" notice and go back (or to the user's landing page when there is no
 * history), a 404 shows the not-found page with HTTP 404, anything else a generic error.
 */
import { isRouteErrorResponse, useNavigate, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { SkeletonPage } from '@shopify/polaris';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { lastLocation } from '../lib/last-location';
import { safeRedirect } from '../lib/redirects';
import type { ForbiddenData } from '../lib/session.server';
import { ErrorContent, NotFoundContent } from './error-pages';
import { useFeedback } from './feedback';

function isForbidden(data: unknown): data is ForbiddenData {
  return !!data && typeof data === 'object' && (data as ForbiddenData).forbidden === true;
}

/**
 * Shows "Error 403" as a notice and goes back, or to the landing page when there is no page to go
 * back to (a direct visit, or the previous page was the login flow).
 */
function GoBackOnForbidden({ landing, message }: { landing: string; message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notify } = useFeedback();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notify({ title: t('common.error403'), message });
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const previous = lastLocation();
    if (index > 0 && previous && safeRedirect(previous, '') === previous) navigate(-1);
    else navigate(landing, { replace: true });
  }, [landing, message, navigate, notify, t]);
  return <SkeletonPage />;
}

export function AppRouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const landing = (useRouteLoaderData('routes/_app') as { me?: { landing: string } } | undefined)?.me?.landing ?? '/';
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) {
      const data = isForbidden(error.data) ? error.data : null;
      return <GoBackOnForbidden landing={data?.landing ?? landing} message={data?.message || t('common.forbidden')} />;
    }
    if (error.status === 404) return <NotFoundContent homeUrl={landing} />;
    return <ErrorContent status={error.status} />;
  }
  console.error(error);
  return <ErrorContent status={500} />;
}
