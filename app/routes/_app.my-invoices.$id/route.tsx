/**
 * @module /my-invoices/{id} (spec 7.10 GET my-invoices/{poiId}): one invoice of the caller's sessions with the
 * lines of those sessions; its PDF and online view when the invoice is wholly the caller's. Another user's
 * invoice is the not-found page.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { Badge, Banner, BlockStack, Button, ButtonGroup, Card, DataTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { formatDate, formatKwh, formatMoney } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'myPages.invoices.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'personal:self-charge');
  const api = createApi(request, context, { language: me.user.language });
  const poiId = String(fleetId(params.id));
  return must(await api.send(api.client.api['my-invoices'][':poiId'].$get({ param: { poiId } })), me);
}

export default function MyInvoice() {
  const { t, i18n } = useTranslation();
  const { invoice: inv, lines } = useLoaderData<typeof loader>();
  const money = (v: number) => formatMoney(v, inv.currency);
  return (
    <Page
      title={t('myPages.invoices.detail', { number: inv.number ?? `#${inv.id}` })}
      subtitle={`${formatDate(inv.created_at, { language: i18n.language })}${inv.period ? ` · ${inv.period}` : ''}`}
      backAction={{ content: t('myPages.invoices.title'), url: '/my-invoices' }}
      titleMetadata={<Badge>{tKey(t, `myPages.invoices.statuses.${inv.status}`)}</Badge>}
    >
      <BlockStack gap="400">
        {inv.whole ? null : <Banner tone="info">{t('myPages.invoices.shared')}</Banner>}
        <Card>
          <BlockStack gap="200">
            <Text as="p">
              {t('myPages.invoices.myAmount')}: <strong>{money(inv.my_amount)}</strong>
              {inv.total === null ? '' : ` · ${t('myPages.invoices.total')}: ${money(inv.total)}`}
            </Text>
            {inv.invoice_pdf || inv.hosted_invoice_url ? (
              <ButtonGroup>
                {inv.invoice_pdf ? (
                  <Button url={inv.invoice_pdf} external>
                    {t('myPages.invoices.pdf')}
                  </Button>
                ) : null}
                {inv.hosted_invoice_url ? (
                  <Button url={inv.hosted_invoice_url} external>
                    {t('myPages.invoices.online')}
                  </Button>
                ) : null}
              </ButtonGroup>
            ) : inv.whole ? (
              <Text as="p" tone="subdued">
                {t('myPages.invoices.noPdf')}
              </Text>
            ) : null}
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t('myPages.invoices.lines')}
            </Text>
            <DataTable
              columnContentTypes={['text', 'text', 'numeric', 'numeric']}
              headings={[
                t('myPages.invoices.session'),
                t('myPages.invoices.description'),
                t('myPages.sessions.energy'),
                t('myPages.invoices.amount'),
              ]}
              rows={lines.map((l) => [
                l.session_id ? (
                  <Link key={l.id} to={`/my-sessions/${l.session_id}`}>
                    {l.session_id}
                  </Link>
                ) : (
                  '—'
                ),
                l.description,
                formatKwh(l.energy_wh),
                formatMoney(l.amount, l.currency),
              ])}
            />
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
