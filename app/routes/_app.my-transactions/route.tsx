/**
 * @module /my-transactions (issue 18): a private user's own prepaid wallet: the balance with a Top up button
 * (Stripe Checkout, back to this page), the ledger newest first (the wallet screens' ledger table, personal
 * variant) and the top-ups with their status, each paged in the URL (`page`, `topUpPage`). Without a wallet: an empty state.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { Badge, BlockStack, Card, EmptyState, IndexTable, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { listPagination } from '../../components/lists/list-controls';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { LedgerTable } from '../../components/wallets/ledger-table';
import { TopUpButton } from '../../components/wallets/top-up-modal';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { formatDateTime, formatMoney } from '../../lib/format';
import { pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

const ENTRIES_PER_PAGE = 20;
const pageField = pageNumber(100_000);

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'walletTopUps.myTransactions');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:self-charge');
  const params = new URL(request.url).searchParams;
  const api = createApi(request, context, { language: me.user.language });
  const query = {
    page: String(pageField.read(params, 'page')),
    itemsPerPage: String(ENTRIES_PER_PAGE),
    topUpPage: String(pageField.read(params, 'topUpPage')),
  };
  return must(await api.send(api.client.api['my-transactions'].$get({ query })), me);
}

const STATUS_TONE = { pending: 'attention', paid: 'success', expired: undefined, failed: 'critical' } as const;

export default function MyTransactionsPage() {
  const { t, i18n } = useTranslation();
  const { wallet, entries, topUps } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const goTo = (key: string) => (page: number) => {
    const next = new URLSearchParams(params);
    if (page) next.set(key, String(page));
    else next.delete(key);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const when = (iso: string) => formatDateTime(iso, { language: i18n.language });

  if (!wallet || !entries || !topUps)
    return (
      <Page title={t('walletTopUps.myTransactions')}>
        <Card>
          <EmptyState heading={t('walletTopUps.noWallet')} image="">
            <p>{t('walletTopUps.myTransactionsHelp')}</p>
          </EmptyState>
        </Card>
      </Page>
    );

  const money = (minor: number) => formatMoney(minor, wallet.currency);
  return (
    <Page title={t('walletTopUps.myTransactions')} subtitle={t('walletTopUps.myTransactionsHelp')}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <InlineStack align="space-between" blockAlign="center" gap="400">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingSm">
                    {t('walletTopUps.balance')} · {wallet.name}
                  </Text>
                  <Text as="p" variant="heading2xl" numeric tone={wallet.balance < 0 ? 'critical' : undefined}>
                    {money(wallet.balance)}
                  </Text>
                </BlockStack>
                <TopUpButton wallet={wallet} returnTo="my-transactions" />
              </InlineStack>
            </Card>
            <Text as="h2" variant="headingMd">
              {t('walletTopUps.ledger')}
            </Text>
            <LedgerTable entries={entries} currency={wallet.currency} pageSize={ENTRIES_PER_PAGE} personal />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Text as="h2" variant="headingMd">
              {t('walletTopUps.topUps')}
            </Text>
            <Card padding="0">
              <IndexTable
                resourceName={{ singular: t('walletTopUps.topUps'), plural: t('walletTopUps.topUps') }}
                itemCount={topUps.data.length}
                selectable={false}
                emptyState={
                  <Text as="p" tone="subdued" alignment="center">
                    {t('walletTopUps.topUpsEmpty')}
                  </Text>
                }
                headings={[
                  { title: t('wallets.colDate') },
                  { title: t('walletTopUps.amountLabel'), alignment: 'end' },
                  { title: t('walletTopUps.statusLabel') },
                ]}
                pagination={listPagination(
                  topUps.page,
                  topUps.total,
                  topUps.items_per_page,
                  goTo('topUpPage'),
                  t('walletTopUps.topUpsCount', { count: topUps.total }),
                )}
              >
                {topUps.data.map((u, index) => (
                  <IndexTable.Row id={String(u.id)} key={u.id} position={index}>
                    <IndexTable.Cell>{when(u.createdAt)}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {money(u.amount)}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Badge tone={STATUS_TONE[u.status]}>{t(`walletTopUps.status.${u.status}`)}</Badge>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
