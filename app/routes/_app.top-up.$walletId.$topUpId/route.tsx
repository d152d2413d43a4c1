/**
 * @module /top-up/{walletId}/{topUpId} (issue 18 part 2): the page Stripe Checkout returns the payer to
 * (`?from=wallet|my-transactions&result=success|cancel`). It shows the top-up's amount and status; after a
 * successful payment it re-reads the top-up every few seconds (for about a minute) until the webhook has
 * marked it paid, then shows the balance. Another wallet's top-up is the not-found page (the API's 404).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useFetcher, useLoaderData, useLocation } from '@remix-run/react';
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

/** How often the page re-reads a pending top-up after a successful payment, and for how long. */
const POLL_EVERY_MS = 3_000;
const POLL_TIMES = 20;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'walletTopUps.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const walletId = String(fleetId(params.walletId));
  const topUpId = String(fleetId(params.topUpId));
  const me = await requirePermission(request, context, 'wallets:top-up');
  const url = new URL(request.url);
  const api = createApi(request, context, { language: me.user.language });
  const found = must(
    await api.send(api.client.api.wallet[':walletId']['top-ups'][':topUpId'].$get({ param: { walletId, topUpId } })),
    me,
  );
  return {
    ...found,
    from: url.searchParams.get('from') === 'my-transactions' ? 'my-transactions' : 'wallet',
    result: url.searchParams.get('result') === 'cancel' ? 'cancel' : 'success',
  } as const;
}

const TONE = { pending: 'attention', paid: 'success', expired: undefined, failed: 'critical' } as const;

export default function TopUpReturnPage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof loader>();
  const location = useLocation();
  const { topUp, balance, walletName, from, result } = fetcher.data ?? loaded;
  const [reads, setReads] = useState(0);
  const waiting = topUp.status === 'pending' && result === 'success';

  // Re-read while the webhook has not arrived; stop after POLL_TIMES reads (about a minute).
  useEffect(() => {
    if (!waiting || reads >= POLL_TIMES || fetcher.state !== 'idle') return;
    const timer = setTimeout(() => {
      fetcher.load(`${location.pathname}${location.search}`);
      setReads((n) => n + 1);
    }, POLL_EVERY_MS);
    return () => clearTimeout(timer);
  }, [waiting, reads, fetcher, location.pathname, location.search]);

  const money = (minor: number) => formatMoney(minor, topUp.currency);
  const back =
    from === 'my-transactions'
      ? { url: '/my-transactions', content: t('walletTopUps.backToTransactions') }
      : { url: `/wallet/${topUp.walletId}`, content: t('walletTopUps.backToWallet') };

  return (
    <Page title={t('walletTopUps.title')} subtitle={walletName} backAction={{ content: back.content, url: back.url }}>
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <InlineStack gap="400" blockAlign="center">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingSm">
                    {t('walletTopUps.amountLabel')}
                  </Text>
                  <Text as="p" variant="headingXl" numeric>
                    {money(topUp.amount)}
                  </Text>
                </BlockStack>
                <Badge tone={TONE[topUp.status]}>{t(`walletTopUps.status.${topUp.status}`)}</Badge>
              </InlineStack>
              <Outcome
                status={topUp.status}
                result={result}
                failure={topUp.failure}
                balance={money(balance)}
                gaveUp={waiting && reads >= POLL_TIMES}
              />
              <InlineStack>
                <Button url={back.url}>{back.content}</Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function Outcome(p: {
  status: 'pending' | 'paid' | 'expired' | 'failed';
  result: 'success' | 'cancel';
  failure: string | null;
  balance: string;
  gaveUp: boolean;
}) {
  const { t } = useTranslation();
  if (p.status === 'paid') return <Banner tone="success">{t('walletTopUps.paid', { balance: p.balance })}</Banner>;
  if (p.status === 'expired' || p.status === 'failed') {
    const text = p.failure
      ? t(`walletTopUps.${p.status}`, { reason: p.failure })
      : t(p.status === 'expired' ? 'walletTopUps.expiredPlain' : 'walletTopUps.failedPlain');
    return <Banner tone={p.status === 'failed' ? 'critical' : 'warning'}>{text}</Banner>;
  }
  if (p.result === 'cancel')
    return (
      <Banner tone="info" title={t('walletTopUps.cancelled')}>
        {t('walletTopUps.cancelledNote')}
      </Banner>
    );
  return (
    <Banner tone="info">
      <BlockStack gap="200">
        <Text as="p">{t('walletTopUps.received')}</Text>
        {p.gaveUp ? <Text as="p">{t('walletTopUps.stillWaiting')}</Text> : null}
      </BlockStack>
    </Banner>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
