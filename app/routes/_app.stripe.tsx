/**
 * @module The layout of the /stripe screens: the incomplete-onboarding notice with its recovery action (spec 7.2,
 * 8), once, above every billing screen that needs a finished Connect onboarding (products, prices, tax rates,
 * coupons, one-time products, subscriptions, invoices, customers). The onboarding pages show the state
 * themselves; the webhook log does not depend on it. Only a caller who may onboard (role 42 with setting 30)
 * sees the notice (`onboardingNoticeFor`); each child loader still checks its own permission.
 */
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet, type ShouldRevalidateFunction, useLoaderData } from '@remix-run/react';
import { Box } from '@shopify/polaris';
import { onboardingNoticeFor } from '../components/billing/billing.server';
import { OnboardingBanner } from '../components/billing/onboarding-banner';
import { createApi } from '../lib/api.server';
import { requireUser } from '../lib/session.server';

const NEEDS_ONBOARDING =
  /^\/stripe\/(products|prices|tax-rate|coupons|one-time-products|subscriptions|invoices|customers)(\/|$)/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!NEEDS_ONBOARDING.test(new URL(request.url).pathname)) return { notice: null };
  const me = await requireUser(request, context);
  return { notice: await onboardingNoticeFor(createApi(request, context), me) };
}

/** The notice changes with the onboarding only: read again after a submission or on another screen, not on paging. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : currentUrl.pathname !== nextUrl.pathname);

export default function BillingLayout() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <>
      {notice?.incomplete ? (
        <Box paddingInline={{ xs: '400', sm: '600' }} paddingBlockStart="400">
          <OnboardingBanner notice={notice} />
        </Box>
      ) : null}
      <Outlet />
    </>
  );
}
