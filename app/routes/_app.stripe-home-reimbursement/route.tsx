/**
 * @module /stripe-home-reimbursement (issue 19 part 7, spec 000 §81): the employee's home reimbursement
 * page. On top, their payout account: its status (none, pending, restricted, done) and the action that
 * hands out a Stripe onboarding link (set up, continue, update), always through an action (a POST: never a
 * change on GET). Stripe sends the browser back with `?onboarding=return` (a notice: the status follows
 * Stripe's event) or `?onboarding=refresh` (the link expired: continue the setup). A company paying by bank
 * transfer needs no account: the card says so. Below, the employee's cards built beside this part: their
 * reimbursements, documents, tariff and home stations, each loaded by its own helper.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { HomeStationsCard } from '../../components/reimbursement/home-stations-card';
import { loadMyDocuments } from '../../components/reimbursement/my-documents.server';
import { MyDocumentsCard } from '../../components/reimbursement/my-documents-card';
import { loadMyReimbursements } from '../../components/reimbursement/my-reimbursements.server';
import { MyReimbursementsCard } from '../../components/reimbursement/my-reimbursements-card';
import { MyTariffCard } from '../../components/reimbursement/my-tariff-card';
import { loadMyTariffs } from '../../components/reimbursement/my-tariffs.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { loadHomeStations } from '../../lib/home-stations.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

const PERMISSION = 'personal:home-reimbursement';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursementPayouts.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, PERMISSION);
  const api = createApi(request, context, { language: me.user.language });
  const onboarding = new URL(request.url).searchParams.get('onboarding');
  const [account, reimbursements, documents, tariffs, stations] = await Promise.all([
    api.send(api.client.api['fleet-reimbursement'].stripe.status.$get()).then((r) => must(r, me)),
    loadMyReimbursements(api, me),
    loadMyDocuments(api, me),
    loadMyTariffs(api, me),
    loadHomeStations(request, context, me.user.id),
  ]);
  return {
    account,
    returned: onboarding === 'return',
    expired: onboarding === 'refresh',
    reimbursements,
    documents,
    tariffs,
    stations,
    currency: me.company.currency,
  };
}

/** The onboarding link: created with the account the first time, then a fresh one; the browser follows it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, PERMISSION);
  const api = createApi(request, context, { language: me.user.language });
  const intent = String((await request.formData()).get('intent'));
  const stripe = api.client.api['fleet-reimbursement'].stripe;
  const result = await api.send(
    intent === 'refresh' ? stripe['refresh-account-link'].$post() : stripe['create-account'].$post(),
  );
  if (!result.ok) return { error: result.error['error-msg'] };
  return redirect(result.data.url);
}

const TONE = { none: undefined, pending: 'attention', restricted: 'warning', done: 'success' } as const;

function PayoutAccountCard() {
  const { t } = useTranslation();
  const { account, returned, expired } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const status = account.status;
  if (account.payout_method === 'bank_transfer')
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t('reimbursementPayouts.account.title')}
          </Text>
          <Text as="p">{t('reimbursementPayouts.account.bankTransfer')}</Text>
        </BlockStack>
      </Card>
    );
  // No account: create it; an account: a fresh link (continue while pending, update once submitted).
  const [intent, label] =
    status === 'none'
      ? (['create', 'reimbursementPayouts.account.setUp'] as const)
      : status === 'done'
        ? (['refresh', 'reimbursementPayouts.account.update'] as const)
        : (['refresh', 'reimbursementPayouts.account.resume'] as const);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {t('reimbursementPayouts.account.title')}
          </Text>
          <InlineStack gap="200" blockAlign="center">
            <Text as="span" tone="subdued">
              {t('reimbursementPayouts.account.statusLabel')}
            </Text>
            <Badge tone={TONE[status]}>{t(`reimbursementPayouts.account.status.${status}`)}</Badge>
          </InlineStack>
        </InlineStack>
        <Text as="p">{t('reimbursementPayouts.account.help')}</Text>
        {returned && status !== 'done' ? (
          <Banner tone="info">{t('reimbursementPayouts.account.returned')}</Banner>
        ) : null}
        {answer?.error ? (
          <Banner tone="critical">{t('reimbursementPayouts.account.failed', { reason: answer.error })}</Banner>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <InlineStack>
            <Button submit variant={status === 'done' ? 'secondary' : 'primary'} loading={busy}>
              {t(expired && status !== 'none' ? 'reimbursementPayouts.account.resume' : label)}
            </Button>
          </InlineStack>
        </Form>
      </BlockStack>
    </Card>
  );
}

export default function HomeReimbursementPage() {
  const { t } = useTranslation();
  const { reimbursements, documents, tariffs, stations, currency } = useLoaderData<typeof loader>();
  return (
    <Page title={t('reimbursementPayouts.title')} subtitle={t('reimbursementPayouts.pageHelp')}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <PayoutAccountCard />
            <MyReimbursementsCard months={reimbursements.months} />
            <MyDocumentsCard
              userId={documents.userId}
              documents={documents.documents}
              homeStations={stations.map((s) => ({ id: s.id, name: s.name }))}
            />
            <MyTariffCard tariffs={tariffs.tariffs} contracts={tariffs.contracts} currency={currency} />
            <HomeStationsCard userId={documents.userId} stations={stations} canEdit />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
