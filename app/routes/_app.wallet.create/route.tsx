/**
 * @module /wallet/create (spec section 2, issue 18): a company of the scope, then either the company's own
 * wallet or a wallet of one of its active users (found by e-mail or name), its name, currency and
 * auto-recharge; POST /api/wallet, then the new wallet's page with a toast.
 */

import { currencyDecimals, parseSignedMinor } from '@domain/wallets/money-input';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { writeToast } from '../../lib/cookies.server';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'wallets.createTitle');

/** A refused creation: the field at fault, the API's message or (with `key`) an i18n key. */
interface Refusal {
  field: string | null;
  error: string;
  key: boolean;
  digits: number;
}

const FIELDS = ['companyId', 'userId', 'name', 'currency', 'autoRechargeThreshold', 'autoRechargeAmount'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'wallets:manage');
  const params = new URL(request.url).searchParams;
  const companyId = /^\d+$/.test(params.get('companyId') ?? '') ? Number(params.get('companyId')) : null;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const companies = flattenCompanies(me.companies);
  if (!companyId || !companies.some((c) => c.id === companyId)) return { companies, companyId: null, q, users: [] };
  const api = createApi(request, context, { language: me.user.language });
  const users = must(
    await api.send(
      api.client.api.wallet.users.$get({ query: { companyId: String(companyId), ...(q ? { keyword: q } : {}) } }),
    ),
    me,
  ).data;
  return { companies, companyId, q, users };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'wallets:manage');
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const currency = text('currency').toUpperCase();
  // Amounts are typed in the wallet's currency: the one given, else (before the API picks the company's) the caller's.
  const typedIn = /^[A-Z]{3}$/.test(currency) ? currency : me.company.currency;
  const money = (key: (typeof FIELDS)[number]) => {
    if (!text(key)) return { value: null };
    const value = parseSignedMinor(text(key), typedIn);
    return value === null ? { field: key } : { value };
  };
  const threshold = money('autoRechargeThreshold');
  const amount = money('autoRechargeAmount');
  const unreadable = 'field' in threshold ? threshold.field : 'field' in amount ? amount.field : null;
  if (unreadable)
    return data<Refusal>(
      { field: unreadable, error: 'wallets.amountInvalid', key: true, digits: currencyDecimals(typedIn) },
      { status: 400 },
    );
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.wallet.$post({
      json: {
        companyId: Number(text('companyId')),
        userId: text('userId') ? Number(text('userId')) : null,
        name: text('name'),
        ...(currency ? { currency } : {}),
        autoRechargeThreshold: 'value' in threshold ? threshold.value : null,
        autoRechargeAmount: 'value' in amount ? amount.value : null,
      },
    }),
  );
  if (!result.ok) {
    if (result.status === 403 && result.error.field !== 'companyId') forbidden(me, result.error['error-msg']);
    return data<Refusal>(
      { field: result.error.field ?? null, error: result.error['error-msg'], key: false, digits: 0 },
      { status: result.status },
    );
  }
  return redirect(`/wallet/${result.data.id}`, {
    headers: api.headers(await writeToast(request, flash('wallets.created'))),
  });
}

export default function CreateWallet() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<Refusal>();
  const navigation = useNavigation();
  const [, setSearch] = useSearchParams();
  const [query, setQuery] = useState(loaded.q);
  const [userId, setUserId] = useState('');
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState('');
  const [threshold, setThreshold] = useState('');
  const [amount, setAmount] = useState('');
  const failure = refused
    ? { field: refused.field, error: refused.key ? tKey(t, refused.error, { digits: refused.digits }) : refused.error }
    : null;
  const errorOf = fieldErrorFrom(failure);
  const beside = failureBesideFields(failure, FIELDS);
  const companyId = loaded.companyId;

  return (
    <Page title={t('wallets.createTitle')} backAction={{ content: t('wallets.title'), url: '/wallet' }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {beside ? <Banner tone="critical">{beside}</Banner> : null}
            <Card>
              <Form method="get">
                <FormLayout>
                  <Select
                    label={t('wallets.company')}
                    name="companyId"
                    options={[
                      { label: t('wallets.chooseCompany'), value: '' },
                      ...loaded.companies.map((c) => ({
                        label: `${'· '.repeat(c.depth)}${c.name}`,
                        value: String(c.id),
                      })),
                    ]}
                    value={companyId ? String(companyId) : ''}
                    onChange={(v) => setSearch(v ? { companyId: v } : {}, { replace: true })}
                    error={errorOf('companyId')}
                  />
                  {companyId ? (
                    <InlineStack gap="200" blockAlign="end">
                      <input type="hidden" name="companyId" value={companyId} />
                      <TextField
                        label={t('wallets.userSearch')}
                        name="q"
                        autoComplete="off"
                        value={query}
                        onChange={setQuery}
                      />
                      <Button submit>{t('wallets.findUsers')}</Button>
                    </InlineStack>
                  ) : null}
                </FormLayout>
              </Form>
            </Card>
            {companyId ? (
              <Card>
                <Form method="post">
                  <input type="hidden" name="companyId" value={companyId} />
                  <FormLayout>
                    <Select
                      label={t('wallets.user')}
                      name="userId"
                      options={[
                        { label: t('wallets.ownerCompany'), value: '' },
                        ...loaded.users.map((u) => ({
                          label: u.name ? `${u.name} · ${u.email}` : u.email,
                          value: String(u.id),
                        })),
                      ]}
                      value={userId}
                      onChange={setUserId}
                      helpText={t('wallets.userHelp')}
                      error={errorOf('userId')}
                    />
                    <TextField
                      label={t('wallets.name')}
                      name="name"
                      autoComplete="off"
                      maxLength={100}
                      value={name}
                      onChange={setName}
                      error={errorOf('name')}
                    />
                    <TextField
                      label={t('wallets.currency')}
                      name="currency"
                      autoComplete="off"
                      maxLength={3}
                      value={currency}
                      onChange={setCurrency}
                      helpText={t('wallets.currencyHelp')}
                      error={errorOf('currency')}
                    />
                    <BlockStack gap="200">
                      <Text as="h3" variant="headingSm">
                        {t('wallets.autoRecharge')}
                      </Text>
                      <FormLayout.Group>
                        <TextField
                          label={t('wallets.threshold')}
                          name="autoRechargeThreshold"
                          autoComplete="off"
                          inputMode="decimal"
                          value={threshold}
                          onChange={setThreshold}
                          error={errorOf('autoRechargeThreshold')}
                        />
                        <TextField
                          label={t('wallets.rechargeAmount')}
                          name="autoRechargeAmount"
                          autoComplete="off"
                          inputMode="decimal"
                          value={amount}
                          onChange={setAmount}
                          error={errorOf('autoRechargeAmount')}
                        />
                      </FormLayout.Group>
                      <Text as="p" tone="subdued">
                        {t('wallets.autoRechargeHelp')}
                      </Text>
                    </BlockStack>
                    <Button submit variant="primary" loading={navigation.state === 'submitting'}>
                      {t('wallets.createAction')}
                    </Button>
                  </FormLayout>
                </Form>
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
