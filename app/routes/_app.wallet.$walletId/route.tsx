/**
 * @module /wallet/{walletId} (issue 18): one wallet's balance, its settings, its ledger (paged, exportable as
 * CSV), a manual adjustment after a review, and its delete (only at a balance of 0). wallets:company reads
 * and exports; changes are wallets:manage's. Other flows may add their buttons to the page's actions
 * (e.g. a top-up).
 */
import type { MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Badge, BlockStack, Button, Card, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { AdjustBalance } from '../../components/wallets/adjust-modal';
import { LedgerTable } from '../../components/wallets/ledger-table';
import { DeleteWallet, SettingsCard } from '../../components/wallets/settings-card';
import { TopUpButton } from '../../components/wallets/top-up-modal';
import { autoRechargeLabel, LEDGER_PAGE_SIZE } from '../../components/wallets/wallet-labels';
import { formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import type { loader } from './wallet.server';

export { action, loader } from './wallet.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'wallets.title');

export default function WalletPage() {
  const { t } = useTranslation();
  const { wallet, entries, canManage, canTopUp, back } = useLoaderData<typeof loader>();
  return (
    <Page
      title={wallet.name}
      titleMetadata={wallet.userId === null ? <Badge tone="info">{t('wallets.companyWallet')}</Badge> : undefined}
      subtitle={wallet.userId === null ? wallet.companyName : `${wallet.userName ?? ''} · ${wallet.companyName}`}
      backAction={{ content: t('wallets.title'), url: back }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <InlineStack align="space-between" blockAlign="center" gap="400">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingSm">
                    {t('wallets.balance')}
                  </Text>
                  <Text as="p" variant="heading2xl" numeric tone={wallet.balance < 0 ? 'critical' : undefined}>
                    {formatMoney(wallet.balance, wallet.currency)}
                  </Text>
                  <Text as="p" tone="subdued">
                    {t('wallets.colAutoRecharge')}: {autoRechargeLabel(t, wallet)}
                  </Text>
                </BlockStack>
                <InlineStack gap="200">
                  <Button url={`/wallet/${wallet.id}/entries.csv`} download>
                    {t('wallets.exportCsv')}
                  </Button>
                  {canManage ? <AdjustBalance wallet={wallet} /> : null}
                  {canTopUp ? <TopUpButton wallet={wallet} returnTo="wallet" /> : null}
                </InlineStack>
              </InlineStack>
            </Card>
            <Text as="h2" variant="headingMd">
              {t('wallets.ledger')}
            </Text>
            <LedgerTable entries={entries} currency={wallet.currency} pageSize={LEDGER_PAGE_SIZE} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          {canManage ? (
            <BlockStack gap="400">
              <SettingsCard key={`${wallet.id}`} wallet={wallet} />
              <Card>
                <DeleteWallet wallet={wallet} />
              </Card>
            </BlockStack>
          ) : (
            <Card>
              <Text as="p" tone="subdued">
                {t('wallets.readOnly')}
              </Text>
            </Card>
          )}
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
