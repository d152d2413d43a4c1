/**
 * @module /stripe/onboard/reauth/{companyId}: where the provider sends the user when an onboarding link
 * expired or was reused. The page asks the API for a fresh link (a POST: the state goes to reauth, then
 * pending once the link is made) and sends the user on; if that fails, the user can retry or go back.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Button, InlineStack, Page, Text } from '@shopify/polaris';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { companyParam, onboardingAccess, refusal } from '../../components/billing/billing.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingAccounts.reauthTitle');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await onboardingAccess(request, context);
  return { companyId: companyParam(params.companyId) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await onboardingAccess(request, context);
  const company_id = companyParam(params.companyId);
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.stripe.account.onboard.refresh.$post({ json: { company_id } }));
  if (!result.ok) return refusal(me, result);
  return redirect(result.data.url);
}

export default function Reauth() {
  const { t } = useTranslation();
  const { companyId } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    submit({}, { method: 'post' });
  }, [submit]);
  return (
    <Page
      title={t('billingAccounts.reauthTitle')}
      backAction={{ content: t('billingAccounts.back'), url: `/stripe/onboard/${companyId}` }}
    >
      <BlockStack gap="400">
        {failed ? <Banner tone="critical" title={failed.text} /> : null}
        <Text as="p">{t('billingAccounts.reauthBody')}</Text>
        <InlineStack>
          <Button variant="primary" loading={busy} onClick={() => submit({}, { method: 'post' })}>
            {t('billingAccounts.reauthOpen')}
          </Button>
        </InlineStack>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
