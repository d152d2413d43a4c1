/**
 * @module /stripe/customers/onboard/{companyId}: a billed company's customer at the payment provider:
 * created once (billing e-mail, EU VAT number and its country, spec 5), then its payment methods (card:
 * brand, last 4, expiry; SEPA/BACS: last 4, bank code) added, made default or removed (confirmed).
 * Adding one goes through the provider's hosted Checkout page in setup mode (Stripe's in production,
 * the local Stripe-compatible server's dev page otherwise), coming back with `?checkout_session=…`;
 * the result (success, processing, failed, spec 4) is read back from the provider through an action.
 * Leaving Checkout without saving comes back with `?checkout=cancelled`: nothing was added (failed).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, FormLayout, Page, Select, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActionAnswer, companyParam, customersAccess, refusal } from '../../components/billing/billing.server';
import { PaymentMethodsCard } from '../../components/billing/payment-methods-card';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';

import { useCountryOptions } from '../../lib/use-country-options';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'billingAccounts.customersTitle');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await customersAccess(request, context);
  const companyId = companyParam(params.companyId);
  const name = flattenCompanies(me.companies).find((c) => c.id === companyId)?.name;
  if (!name) throw new Response('Not found', { status: 404 });
  const api = createApi(request, context);
  const query = { company_id: String(companyId) };
  const found = await api.send(api.client.api.stripe.customer.$get({ query }));
  // A company that is not a customer yet answers 404: the page then offers to create it.
  if (!found.ok && found.status !== 404) must(found, me);
  const customer = found.ok ? found.data : null;
  const methods = customer
    ? must(await api.send(api.client.api.stripe.customer['payment-method'].$get({ query })), me)
    : null;
  const back = new URL(request.url).searchParams;
  return {
    companyId,
    name,
    customer,
    methods,
    returned: back.get('checkout_session'),
    cancelled: back.get('checkout') === 'cancelled',
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await customersAccess(request, context);
  const company_id = companyParam(params.companyId);
  const api = createApi(request, context, { language: me.user.language });
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const customer = api.client.api.stripe.customer;
  const intent = text('intent');
  const saved = (key: string) => ({ ok: true, text: key }) satisfies ActionAnswer;
  if (intent === 'create') {
    const result = await api.send(
      customer.onboard.$post({
        json: {
          company_id,
          ...(text('email') ? { email: text('email') } : {}),
          ...(text('tax_id') ? { tax_id: text('tax_id'), tax_id_country: text('tax_id_country') || undefined } : {}),
        },
      }),
    );
    return result.ok ? saved('billingAccounts.created') : refusal(me, result);
  }
  if (intent === 'tax') {
    const json = { company_id, tax_id: text('tax_id'), tax_id_country: text('tax_id_country') || undefined };
    const result = await api.send(customer['tax-id'].$put({ json }));
    return result.ok ? saved('billingAccounts.saved') : refusal(me, result);
  }
  if (intent === 'add') {
    const result = await api.send(customer['setup-intent'].$post({ json: { company_id } }));
    if (!result.ok) return refusal(me, result);
    return redirect(result.data.confirm_url);
  }
  if (intent === 'result') {
    const json = { company_id, checkout_session_id: text('checkout_session') };
    const result = await api.send(customer['setup-intent']['checkout-result'].$post({ json }));
    if (!result.ok) return refusal(me, result);
    return { ok: true, text: '', result: result.data.result };
  }
  if (intent === 'default') {
    const json = { payment_method_id: text('payment_method'), default: true as const };
    const result = await api.send(customer['payment-method'].$put({ json }));
    return result.ok ? saved('billingAccounts.saved') : refusal(me, result);
  }
  if (intent === 'remove') {
    const param = { paymentMethodId: text('payment_method') };
    const result = await api.send(customer['payment-method'][':paymentMethodId'].$delete({ param }));
    return result.ok ? saved('billingAccounts.saved') : refusal(me, result);
  }
  if (intent === 'sync') {
    const result = await api.send(customer['payment-method'].sync.$post({ json: { company_id } }));
    return result.ok ? saved('billingAccounts.saved') : refusal(me, result);
  }
  throw new Response('Unknown intent', { status: 400 });
}

const RESULTS = {
  success: { tone: 'success', key: 'billingAccounts.resultSuccess' },
  processing: { tone: 'info', key: 'billingAccounts.resultProcessing' },
  failed: { tone: 'critical', key: 'billingAccounts.resultFailed' },
} as const;

/** The keys an action's answer names (its own texts; the API's refusals come translated). */
type AnswerKey = 'billingAccounts.created' | 'billingAccounts.saved';

export default function CustomerBilling() {
  const { t } = useTranslation();
  const { name, customer, methods, returned, cancelled } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const submit = useSubmit();
  const countries = useCountryOptions();
  const result = useFetcher<typeof action>();
  const [taxId, setTaxId] = useState(customer?.tax_id ?? '');
  const [country, setCountry] = useState(customer?.tax_id_country ?? '');
  const [email, setEmail] = useState(customer?.email ?? '');
  useOutcomeToast(
    answer,
    answer?.text
      ? {
          text: answer.ok || answer.text.startsWith('billingAccounts.') ? t(answer.text as AnswerKey) : answer.text,
          error: !answer.ok,
        }
      : null,
  );
  // Back from Checkout: read the setup's result from the provider (a POST).
  useEffect(() => {
    if (returned && result.state === 'idle' && !result.data) {
      result.submit({ intent: 'result', checkout_session: returned }, { method: 'post' });
    }
  }, [returned, result]);
  const read = result.data && 'result' in result.data ? result.data.result : null;
  const shown = read && read !== 'pending' ? read : cancelled ? 'failed' : null;
  const fieldError = (field: string) =>
    answer && !answer.ok && 'field' in answer && answer.field === field ? answer.text : undefined;
  const taxFields = (
    <>
      <TextField
        label={t('billingAccounts.taxId')}
        name="tax_id"
        value={taxId}
        onChange={setTaxId}
        helpText={t('billingAccounts.taxIdHelp')}
        error={fieldError('tax_id')}
        autoComplete="off"
      />
      <Select
        label={t('billingAccounts.taxIdCountry')}
        name="tax_id_country"
        options={[{ label: '—', value: '' }, ...countries]}
        value={country}
        onChange={setCountry}
        error={fieldError('tax_id_country')}
      />
    </>
  );
  return (
    <Page
      title={t('billingAccounts.customerTitle', { name })}
      backAction={{ content: t('billingAccounts.customersTitle'), url: '/stripe/customers' }}
    >
      <BlockStack gap="400">
        {shown ? (
          <Banner tone={RESULTS[shown].tone}>
            <Text as="p">{t(RESULTS[shown].key)}</Text>
          </Banner>
        ) : null}
        {!customer ? (
          <Card>
            <Form method="post">
              <input type="hidden" name="intent" value="create" />
              <FormLayout>
                <Text as="p">{t('billingAccounts.noCustomer')}</Text>
                <TextField
                  label={t('billingAccounts.email')}
                  name="email"
                  type="email"
                  value={email}
                  onChange={setEmail}
                  error={fieldError('email')}
                  autoComplete="email"
                />
                {taxFields}
                <Button submit variant="primary" loading={busy}>
                  {t('billingAccounts.create')}
                </Button>
              </FormLayout>
            </Form>
          </Card>
        ) : (
          <>
            <Card>
              <Form method="post">
                <input type="hidden" name="intent" value="tax" />
                <FormLayout>
                  <Text as="p">
                    {t('billingAccounts.colCustomer')}: {customer.stripe_customer_id} · {customer.email ?? '—'}
                  </Text>
                  <FormLayout.Group>{taxFields}</FormLayout.Group>
                  <Button submit loading={busy}>
                    {t('billingAccounts.saveTaxId')}
                  </Button>
                </FormLayout>
              </Form>
            </Card>
            <PaymentMethodsCard methods={methods} busy={busy} submit={submit} />
          </>
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
