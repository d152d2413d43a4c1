/**
 * @module /wallet/company/{companyId} (spec section 2, issue 18): one company's own wallet (its balance on
 * top) and its users' wallets, by keyword and page. Where a fleet company's admins land; a company outside
 * the caller's reach is refused by the API.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Card, InlineStack, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { WALLET_PAGE_SIZE, WalletList } from '../../components/wallets/wallet-list';
import { createApi } from '../../lib/api.server';
import { companyName, flattenCompanies } from '../../lib/companies';
import { fleetId, must } from '../../lib/fleet.server';
import { formatMoney } from '../../lib/format';
import { keyword, listUrl, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'wallets.title');

const url = listUrl({ q: keyword({ trim: true }), page: pageNumber(100_000) });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const companyId = fleetId(params.companyId);
  const me = await requirePermission(request, context, 'wallets:view');
  // A company outside the caller's tree is a missing page, like one that does not exist.
  if (!flattenCompanies(me.companies).some((c) => c.id === companyId))
    throw data({ message: 'Not found', landing: me.landing }, { status: 404 });
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context, { language: me.user.language });
  const list = (query: Record<string, string>) =>
    api.send(api.client.api.wallet.$get({ query: { company_filter_id: String(companyId), ...query } }));
  const [page, own] = await Promise.all([
    list({
      ...(state.q ? { keyword: state.q } : {}),
      page: String(state.page),
      itemsPerPage: String(WALLET_PAGE_SIZE),
    }),
    // The company's own wallet sorts first in the company's list.
    list({ itemsPerPage: '1' }),
  ]);
  const ownWallet = must(own, me).data.find((w) => w.userId === null) ?? null;
  return {
    rows: must(page, me).data,
    total: must(page, me).total,
    state,
    ownWallet,
    company: companyName(me.companies, companyId) ?? ownWallet?.companyName ?? String(companyId),
    canCreate: me.permissions.includes('wallets:manage'),
    companyId,
  };
}

export default function CompanyWallets() {
  const { t } = useTranslation();
  const { rows, total, state, ownWallet, company, canCreate, companyId } = useLoaderData<typeof loader>();
  const list = useListUrl(state, url.write);
  return (
    <Page
      title={t('wallets.companyTitle', { company })}
      fullWidth
      backAction={canCreate ? { content: t('wallets.title'), url: '/wallet' } : undefined}
      primaryAction={
        canCreate ? { content: t('wallets.create'), url: `/wallet/create?companyId=${companyId}` } : undefined
      }
    >
      <BlockStack gap="400">
        <Card>
          {ownWallet ? (
            <InlineStack align="space-between" blockAlign="center">
              <BlockStack gap="100">
                <Text as="h2" variant="headingSm">
                  {t('wallets.companyBalance')}
                </Text>
                <Link to={`/wallet/${ownWallet.id}`}>{ownWallet.name}</Link>
              </BlockStack>
              <Text as="p" variant="headingLg" numeric tone={ownWallet.balance < 0 ? 'critical' : undefined}>
                {formatMoney(ownWallet.balance, ownWallet.currency)}
              </Text>
            </InlineStack>
          ) : (
            <Banner tone="info">{t('wallets.noCompanyWallet')}</Banner>
          )}
        </Card>
        <Text as="h2" variant="headingMd">
          {t('wallets.usersWallets')}
        </Text>
        <WalletList list={list} rows={rows} total={total} cleared={{}} showCompany={false} />
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
