/**
 * @module /wallet (spec section 2, issue 18): every prepaid wallet of the companies in the caller's scope,
 * filtered by company (with its descendants) and by keyword (wallet name, user e-mail or name), paged in the
 * URL. A fleet company's admin (wallets:company without wallets:manage) lands on their company's page.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { ChoiceList, type IndexFiltersProps, Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { WALLET_PAGE_SIZE, WalletList } from '../../components/wallets/wallet-list';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { must } from '../../lib/fleet.server';
import { keyword, listUrl, pageNumber, positiveId } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'wallets.title');

const url = listUrl({ q: keyword({ trim: true }), company: positiveId(), page: pageNumber(100_000) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'wallets:view');
  if (!me.permissions.includes('wallets:manage')) throw redirect(`/wallet/company/${me.company.id}`);
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context, { language: me.user.language });
  const page = must(
    await api.send(
      api.client.api.wallet.$get({
        query: {
          ...(state.q ? { keyword: state.q } : {}),
          ...(state.company ? { administrativeId: String(state.company) } : {}),
          page: String(state.page),
          itemsPerPage: String(WALLET_PAGE_SIZE),
        },
      }),
    ),
    me,
  );
  return { rows: page.data, total: page.total, state, companies: flattenCompanies(me.companies) };
}

export default function Wallets() {
  const { t } = useTranslation();
  const { rows, total, state, companies } = useLoaderData<typeof loader>();
  const list = useListUrl(state, url.write);
  const { update } = list;
  const companyName = (id: number) => companies.find((c) => c.id === id)?.name ?? String(id);
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'company',
      label: t('wallets.filterCompany'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('wallets.filterCompany')}
          titleHidden
          choices={companies.map((c) => ({ label: `${'· '.repeat(c.depth)}${c.name}`, value: String(c.id) }))}
          selected={state.company ? [String(state.company)] : []}
          onChange={([v]) => update({ company: v ? Number(v) : null })}
        />
      ),
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = state.company
    ? [{ key: 'company', label: companyName(state.company), onRemove: () => update({ company: null }) }]
    : [];
  return (
    <Page title={t('wallets.title')} fullWidth primaryAction={{ content: t('wallets.create'), url: '/wallet/create' }}>
      <WalletList
        list={list}
        rows={rows}
        total={total}
        cleared={{ company: null }}
        filters={filters}
        appliedFilters={applied}
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
