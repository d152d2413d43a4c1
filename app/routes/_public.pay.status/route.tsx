/**
 * @module /pay/status?token=…: where the card step sends the driver back (issue 18 part 4). The loader
 * only reads the payment; moving it on (card confirmed, remote start, capture after the stop) is a
 * POST: the "Refresh" button, and the page posts it by itself every few seconds while the payment is
 * still open. Each outcome is said plainly; a finished one shows the receipt and its PDF.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Link as RemixLink, useFetcher, useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/public-shell';
import { localeFor } from '../../i18n/i18n.server';
import { createApi } from '../../lib/api.server';
import { formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'qrPay.title');

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** Between automatic refreshes; keeps a long session under the API's per-client refresh limit. */
const POLL_MS = 10_000;
const OPEN = ['pending', 'authorized', 'starting', 'charging'];

async function stateOf(request: Request, context: LoaderFunctionArgs['context'], method: 'get' | 'post') {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!TOKEN.test(token)) return null;
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const route = api.client.api.pay.payments[':token'];
  const res =
    method === 'get'
      ? await api.send(route.$get({ param: { token }, query: { language } }))
      : await api.send(route.refresh.$post({ param: { token }, query: { language } }));
  return res.ok ? { token, payment: res.data } : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const found = await stateOf(request, context, 'get');
  if (!found) throw new Response('Not found', { status: 404 });
  return data(found);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const found = await stateOf(request, context, 'post');
  if (!found) return data({ failed: true }, { status: 502 });
  return data({ failed: false });
}

export default function PaymentStatus() {
  const { t } = useTranslation();
  const { token, payment } = useLoaderData<typeof loader>();
  const refresh = useFetcher<typeof action>();
  const open = OPEN.includes(payment.status);
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      if (refresh.state === 'idle') refresh.submit(null, { method: 'post', action: `/pay/status?token=${token}` });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [open, refresh, token]);
  const failed = payment.status === 'failed' || payment.status === 'released';
  return (
    <AuthCard>
      <Card>
        <BlockStack gap="400">
          <Text as="h1" variant="headingLg">
            {payment.receipt ? t('qrPay.receipt.title') : t('qrPay.title')}
          </Text>
          <Text as="p">
            {payment.station_name} · {payment.evse_id}
          </Text>
          <Banner tone={failed ? 'warning' : payment.status === 'captured' ? 'success' : 'info'}>
            <p>{t(`qrPay.status.${payment.status}`)}</p>
            {payment.failure_reason ? <p>{t(`qrPay.failure.${payment.failure_reason}`)}</p> : null}
          </Banner>
          <Text as="p">
            {t('qrPay.hold')}: {formatMoney(payment.amount_held, payment.currency)}
          </Text>
          {payment.receipt ? (
            <BlockStack gap="200">
              {payment.receipt.lines.map(([label, value]) => (
                <InlineStack key={label} align="space-between" gap="200">
                  <Text as="span" fontWeight="semibold">
                    {label}
                  </Text>
                  <Text as="span">{value}</Text>
                </InlineStack>
              ))}
              <Button url={`/pay/receipt-pdf/${token}`} download>
                {t('qrPay.receipt.download')}
              </Button>
            </BlockStack>
          ) : payment.status === 'captured' || payment.status === 'charging' ? (
            <Text as="p" tone="subdued">
              {t('qrPay.receipt.pending')}
            </Text>
          ) : null}
          {payment.card_url ? (
            <Button url={payment.card_url} variant="primary">
              {t('qrPay.toCard')}
            </Button>
          ) : null}
          {open ? (
            <refresh.Form method="post" action={`/pay/status?token=${token}`}>
              <Button submit loading={refresh.state !== 'idle'} fullWidth>
                {t('qrPay.refresh')}
              </Button>
            </refresh.Form>
          ) : null}
          {failed && payment.evse_id ? (
            <RemixLink to={`/pay/${encodeURIComponent(payment.evse_id)}`}>{t('qrPay.again')}</RemixLink>
          ) : null}
        </BlockStack>
      </Card>
    </AuthCard>
  );
}
