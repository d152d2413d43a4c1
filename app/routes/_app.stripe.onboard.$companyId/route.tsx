/**
 * @module /stripe/onboard/{companyId}: the operator's Stripe Connect onboarding (spec 4: todo, pending,
 * done, interrupted, reauth, recover). An incomplete onboarding shows the notice with its recovery action
 * (start, resume, update), which hands out a fresh link to the provider's hosted form. Coming back with
 * `?result=return` records the return through an action (never on GET). Account details (e-mail, business
 * profile: `PUT stripe/account`) once the account is pending or done; collection method; deletion behind a
 * confirmation (irreversible).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useActionData, useFetcher, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Modal, Page, RadioButton, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountDetailsCard } from '../../components/billing/account-details-card';
import {
  type ActionAnswer,
  accountDetailsFor,
  companyParam,
  onboardingAccess,
  refusal,
  saveAccountDetails,
} from '../../components/billing/billing.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingAccounts.onboardTitle');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await onboardingAccess(request, context);
  const companyId = companyParam(params.companyId);
  const api = createApi(request, context);
  const account = must(
    await api.send(api.client.api.stripe.account.$get({ query: { company_id: String(companyId) } })),
    me,
  );
  const name = flattenCompanies(me.companies).find((c) => c.id === companyId)?.name ?? String(companyId);
  const returned = new URL(request.url).searchParams.get('result') === 'return';
  const details = await accountDetailsFor(api, account);
  return { account, name, returned, details };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await onboardingAccess(request, context);
  const company_id = companyParam(params.companyId);
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const onboard = api.client.api.stripe.account.onboard;
  if (intent === 'start') {
    const result = await api.send(onboard.$post({ json: { company_id } }));
    if (!result.ok) return refusal(me, result);
    return redirect(result.data.url);
  }
  if (intent === 'return' || intent === 'left') {
    const result = await api.send(onboard.return.$post({ json: { company_id, result: intent } }));
    if (!result.ok) return refusal(me, result);
    return redirect(`/stripe/onboard/${company_id}`);
  }
  if (intent === 'collection') {
    const method = form.get('collection_method') === 'send_invoice' ? 'send_invoice' : 'charge_automatically';
    const result = await api.send(
      api.client.api.stripe.account['collection-method'].$put({ json: { company_id, collection_method: method } }),
    );
    if (!result.ok) return refusal(me, result);
    return { ok: true, text: 'billingAccounts.saved' } satisfies ActionAnswer;
  }
  if (intent === 'details') {
    const result = await saveAccountDetails(api, company_id, form);
    if (!result.ok) return refusal(me, result);
    return { ok: true, text: 'billingAccounts.accountDetails.saved' } satisfies ActionAnswer;
  }
  if (intent === 'delete') {
    const result = await api.send(api.client.api.stripe.account.$delete({ query: { company_id: String(company_id) } }));
    if (!result.ok) return refusal(me, result);
    return { ok: true, text: 'billingAccounts.deleted' } satisfies ActionAnswer;
  }
  throw new Response('Unknown intent', { status: 400 });
}

const ACTIONS = {
  start: 'billingAccounts.start',
  resume: 'billingAccounts.resume',
  update: 'billingAccounts.update',
} as const;
const NOTICES = {
  start: 'billingAccounts.noticeStart',
  resume: 'billingAccounts.noticeResume',
  update: 'billingAccounts.noticeUpdate',
} as const;

export default function Onboarding() {
  const { t } = useTranslation();
  const { account, name, returned, details } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const submit = useSubmit();
  const back = useFetcher();
  const [confirm, setConfirm] = useState(false);
  const [method, setMethod] = useState(account.collection_method);
  useOutcomeToast(
    answer,
    answer
      ? {
          text: answer.ok
            ? t(
                answer.text as
                  | 'billingAccounts.saved'
                  | 'billingAccounts.deleted'
                  | 'billingAccounts.accountDetails.saved',
              )
            : answer.text,
          error: !answer.ok,
        }
      : null,
  );
  // Back from the provider's form: record it (a POST), which reads the account and derives the state.
  useEffect(() => {
    if (returned && back.state === 'idle' && !back.data) back.submit({ intent: 'return' }, { method: 'post' });
  }, [returned, back]);
  const flag = (on: boolean) => (
    <Badge tone={on ? 'success' : undefined}>{on ? t('billingAccounts.yes') : t('billingAccounts.no')}</Badge>
  );
  const recovery = account.notice.action;
  return (
    <Page title={t('billingAccounts.onboardTitle')} subtitle={name}>
      <BlockStack gap="400">
        {account.notice.incomplete && recovery ? (
          <Banner
            tone="warning"
            title={t('billingAccounts.incomplete')}
            action={{
              content: t(ACTIONS[recovery]),
              loading: busy,
              onAction: () => submit({ intent: 'start' }, { method: 'post' }),
            }}
            secondaryAction={
              account.state === 'pending'
                ? {
                    content: t('billingAccounts.finishLater'),
                    onAction: () => submit({ intent: 'left' }, { method: 'post' }),
                  }
                : undefined
            }
          >
            <Text as="p">{t(NOTICES[recovery])}</Text>
          </Banner>
        ) : (
          <Banner tone="success" title={t('billingAccounts.states.done')}>
            <Text as="p">{t('billingAccounts.doneBody')}</Text>
          </Banner>
        )}
        <Card>
          <BlockStack gap="200">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h2" variant="headingMd">
                {t('billingAccounts.state')}
              </Text>
              <Badge tone={account.state === 'done' ? 'success' : 'attention'}>
                {t(`billingAccounts.states.${account.state}` as const)}
              </Badge>
            </InlineStack>
            {account.stripe_account_id ? (
              <>
                <Text as="p">
                  {t('billingAccounts.accountId')}: {account.stripe_account_id}
                </Text>
                <InlineStack gap="400">
                  <span>
                    {t('billingAccounts.detailsSubmitted')} {flag(account.details_submitted)}
                  </span>
                  <span>
                    {t('billingAccounts.chargesEnabled')} {flag(account.charges_enabled)}
                  </span>
                  <span>
                    {t('billingAccounts.payoutsEnabled')} {flag(account.payouts_enabled)}
                  </span>
                </InlineStack>
              </>
            ) : null}
          </BlockStack>
        </Card>
        {details !== undefined ? (
          <AccountDetailsCard
            key={account.updated_at ?? ''}
            details={details}
            failed={answer && !answer.ok ? { field: answer.field, error: answer.text } : null}
          />
        ) : null}
        {account.stripe_account_id ? (
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t('billingAccounts.collection')}
              </Text>
              <RadioButton
                label={t('billingAccounts.chargeAutomatically')}
                checked={method === 'charge_automatically'}
                id="charge_automatically"
                name="collection_method"
                onChange={() => setMethod('charge_automatically')}
              />
              <RadioButton
                label={t('billingAccounts.sendInvoice')}
                checked={method === 'send_invoice'}
                id="send_invoice"
                name="collection_method"
                onChange={() => setMethod('send_invoice')}
              />
              <InlineStack>
                <Button
                  loading={busy}
                  disabled={method === account.collection_method}
                  onClick={() => submit({ intent: 'collection', collection_method: method }, { method: 'post' })}
                >
                  {t('billingAccounts.save')}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
        ) : null}
        {account.stripe_account_id ? (
          <InlineStack>
            <Button tone="critical" variant="secondary" onClick={() => setConfirm(true)}>
              {t('billingAccounts.deleteAccount')}
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
      <Modal
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t('billingAccounts.deleteTitle')}
        primaryAction={{
          content: t('billingAccounts.deleteAccount'),
          destructive: true,
          loading: busy,
          onAction: () => {
            submit({ intent: 'delete' }, { method: 'post' });
            setConfirm(false);
          },
        }}
        secondaryActions={[{ content: t('billingAccounts.cancel'), onAction: () => setConfirm(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('billingAccounts.deleteBody')}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
