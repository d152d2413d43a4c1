/** @module /fleet/users/subscriptions (service setting 31): the contracts offered and drivers' contracts, filters, paging, renewal switch. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Page,
  Pagination,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDate, formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'subscriptions.title');

const PAGE_SIZE = 20;
const STATUSES = ['active', 'expired', 'cancelled'] as const;

interface Held {
  id: number;
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  contract_id: number;
  contract_name: string;
  status: (typeof STATUSES)[number];
  starts_at: string;
  expires_at: string;
  autorenew: boolean;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:subscriptions');
  const url = new URL(request.url);
  const q = url.searchParams;
  const page = Math.max(0, Number(q.get('page') ?? 0) || 0);
  const status = (STATUSES as readonly string[]).includes(q.get('status') ?? '') ? q.get('status') : null;
  const contract = Number(q.get('contract'));
  const api = createApi(request, context);
  const query: Record<string, string> = { page: String(page), items_per_page: String(PAGE_SIZE) };
  if (q.get('q')) query.keyword = String(q.get('q')).slice(0, 100);
  if (status) query.status = status;
  if (Number.isInteger(contract) && contract > 0) query.contract_id = String(contract);
  const [catalog, holders] = await Promise.all([
    api.send(api.client.api['subscription-contracts'].$get()),
    api.send(api.client.api['subscription-contracts'].holders.$get({ query })),
  ]);
  return {
    contracts: must(catalog, me).data,
    holders: must(holders, me),
    page,
    canManage: me.permissions.includes('fleet:subscriptions:manage'),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:subscriptions:manage');
  const form = await request.formData();
  const userId = Number(form.get('userId'));
  const contractId = Number(form.get('contractId'));
  const on = form.get('autorenew') === 'true' ? 'true' : 'false';
  if (!Number.isInteger(userId) || !Number.isInteger(contractId)) throw data({ message: 'Bad input' }, { status: 400 });
  const api = createApi(request, context, { language: me.user.language });
  const res = await api.send(
    api.client.api.users[':userId']['subscription-contracts'][':contractId'].autorenew[':autorenewNextTime'].$post({
      param: { userId: String(userId), contractId: String(contractId), autorenewNextTime: on },
    }),
  );
  return res.ok ? { ok: true, error: null } : { ok: false, error: res.error['error-msg'] || null };
}

export default function Subscriptions() {
  const { t } = useTranslation();
  const { contracts, holders, page, canManage } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('q') ?? '');
  useEffect(() => {
    const id = setTimeout(() => {
      if ((params.get('q') ?? '') === keyword) return;
      const next = new URLSearchParams(params);
      if (keyword) next.set('q', keyword);
      else next.delete('q');
      next.delete('page');
      setParams(next, { replace: true });
    }, 300);
    return () => clearTimeout(id);
  }, [keyword, params, setParams]);
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };
  const statusLabel = (s: Held['status']) => t(`subscriptions.${s}`);
  useOutcomeToast(
    result,
    result?.error ? { text: result.error, error: true } : result?.ok ? { text: t('subscriptions.updated') } : null,
  );
  const pages = Math.ceil(holders.total / PAGE_SIZE);

  return (
    <Page title={t('subscriptions.title')}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('subscriptions.catalog')}
            </Text>
            {contracts.length === 0 ? (
              <Text as="p" tone="subdued">
                {t('subscriptions.catalogEmpty')}
              </Text>
            ) : (
              contracts.map((c) => (
                <InlineStack key={c.id} align="space-between" blockAlign="center">
                  <BlockStack gap="050">
                    <Text as="span" fontWeight="semibold">
                      {c.name}
                    </Text>
                    {c.description ? (
                      <Text as="span" tone="subdued">
                        {c.description}
                      </Text>
                    ) : null}
                  </BlockStack>
                  <InlineStack gap="200">
                    <Badge>{t('subscriptions.months', { count: c.duration_months })}</Badge>
                    {c.free ? (
                      <Badge tone="success">{t('subscriptions.free')}</Badge>
                    ) : (
                      <Badge>{formatMoney(c.price_minor, c.currency)}</Badge>
                    )}
                  </InlineStack>
                </InlineStack>
              ))
            )}
            <Text as="p" tone="subdued">
              {t('subscriptions.buyNote')}
            </Text>
          </BlockStack>
        </Card>
        <Card padding="0">
          <BlockStack gap="0">
            <div style={{ padding: 'var(--p-space-300)' }}>
              <InlineStack gap="300" wrap blockAlign="end">
                <div style={{ minWidth: 260 }}>
                  <TextField
                    label={t('subscriptions.search')}
                    labelHidden
                    placeholder={t('subscriptions.search')}
                    value={keyword}
                    onChange={setKeyword}
                    autoComplete="off"
                    clearButton
                    onClearButtonClick={() => setKeyword('')}
                  />
                </div>
                <Select
                  label={t('subscriptions.contract')}
                  labelInline
                  options={[
                    { label: t('subscriptions.all'), value: '' },
                    ...contracts.map((c) => ({ label: c.name, value: String(c.id) })),
                  ]}
                  value={params.get('contract') ?? ''}
                  onChange={(v) => setParam('contract', v)}
                />
                <Select
                  label={t('subscriptions.status')}
                  labelInline
                  options={[
                    { label: t('subscriptions.all'), value: '' },
                    ...STATUSES.map((s) => ({ label: statusLabel(s), value: s })),
                  ]}
                  value={params.get('status') ?? ''}
                  onChange={(v) => setParam('status', v)}
                />
              </InlineStack>
            </div>
            <IndexTable
              resourceName={{ singular: t('subscriptions.contract'), plural: t('subscriptions.holders') }}
              itemCount={holders.data.length}
              selectable={false}
              emptyState={
                <EmptyState heading={t('subscriptions.empty')} image="">
                  <p>{t('subscriptions.emptyHelp')}</p>
                </EmptyState>
              }
              headings={[
                { title: t('subscriptions.user') },
                { title: t('subscriptions.contract') },
                { title: t('subscriptions.status') },
                { title: t('subscriptions.term') },
                { title: t('subscriptions.autorenew') },
              ]}
            >
              {holders.data.map((h, i) => (
                <IndexTable.Row id={String(h.id)} key={h.id} position={i}>
                  <IndexTable.Cell>
                    <BlockStack gap="050">
                      <Text as="span">{[h.first_name, h.last_name].filter(Boolean).join(' ') || h.email}</Text>
                      <Text as="span" tone="subdued">
                        {h.email}
                      </Text>
                    </BlockStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{h.contract_name}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Badge tone={h.status === 'active' ? 'success' : undefined}>{statusLabel(h.status)}</Badge>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {formatDate(h.starts_at)} – {formatDate(h.expires_at)}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="span">{t(h.autorenew ? 'subscriptions.on' : 'subscriptions.off')}</Text>
                      {canManage && h.status === 'active' ? (
                        <Form method="post">
                          <input type="hidden" name="userId" value={h.user_id} />
                          <input type="hidden" name="contractId" value={h.contract_id} />
                          <input type="hidden" name="autorenew" value={h.autorenew ? 'false' : 'true'} />
                          <Button submit size="slim" disabled={busy}>
                            {t(h.autorenew ? 'subscriptions.turnOff' : 'subscriptions.turnOn')}
                          </Button>
                        </Form>
                      ) : null}
                    </InlineStack>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
            {pages > 1 ? (
              <div style={{ padding: 'var(--p-space-300)' }}>
                <Pagination
                  hasPrevious={page > 0}
                  hasNext={page + 1 < pages}
                  onPrevious={() => goTo(page - 1)}
                  onNext={() => goTo(page + 1)}
                  label={`${page + 1} / ${pages}`}
                />
              </div>
            ) : null}
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
