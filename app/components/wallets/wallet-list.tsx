/**
 * @module The wallets table of /wallet and /wallet/company/{id}: owner, company, balance in the wallet's
 * currency, auto-recharge; the keyword and page in the URL (the loader filters through GET /api/wallet); a
 * row opens the wallet. Pages add their own filters.
 */
import { Link } from '@remix-run/react';
import { Badge, type IndexFiltersProps, IndexTable, Text } from '@shopify/polaris';
import type { InferResponseType } from 'hono/client';
import { useTranslation } from 'react-i18next';
import type { Api } from '../../lib/api.server';
import { formatDate, formatMoney } from '../../lib/format';
import { ListPage } from '../lists/list-page';
import type { ListUrl } from '../lists/use-list-url';
import { autoRechargeLabel } from './wallet-labels';

/** A wallet as GET /api/wallet answers it. */
export type WalletRow = InferResponseType<Api['client']['api']['wallet']['$get'], 200>['data'][number];

export const WALLET_PAGE_SIZE = 25;

interface Props<S extends { q: string; page: number }> {
  list: ListUrl<S>;
  rows: WalletRow[];
  total: number;
  cleared: Partial<S>;
  filters?: IndexFiltersProps['filters'];
  appliedFilters?: IndexFiltersProps['appliedFilters'];
  /** The company column is left out on a page about one company. */
  showCompany?: boolean;
}

export function WalletList<S extends { q: string; page: number }>(props: Props<S>) {
  const { t, i18n } = useTranslation();
  const { rows, showCompany = true } = props;
  return (
    <ListPage
      list={props.list}
      searchPlaceholder={t('wallets.search')}
      filters={props.filters}
      appliedFilters={props.appliedFilters}
      cleared={props.cleared}
      allLabel={t('wallets.all')}
      openWhenSearched
      resourceName={t('wallets.title')}
      empty={{ heading: t('wallets.emptyTitle'), body: t('wallets.emptyBody') }}
      headings={[
        { title: t('wallets.colName') },
        { title: t('wallets.colOwner') },
        ...(showCompany ? [{ title: t('wallets.colCompany') }] : []),
        { title: t('wallets.colBalance'), alignment: 'end' as const },
        { title: t('wallets.colAutoRecharge') },
        { title: t('wallets.colCreated') },
      ]}
      rowCount={rows.length}
      pagination={{
        total: props.total,
        pageSize: WALLET_PAGE_SIZE,
        countLabel: t('wallets.count', { count: props.total }),
      }}
    >
      {rows.map((w, index) => (
        <IndexTable.Row id={String(w.id)} key={w.id} position={index}>
          <IndexTable.Cell>
            <Link to={`/wallet/${w.id}`}>
              <Text as="span" fontWeight="semibold">
                {w.name}
              </Text>
            </Link>
          </IndexTable.Cell>
          <IndexTable.Cell>
            {w.userId === null ? <Badge tone="info">{t('wallets.companyWallet')}</Badge> : (w.userName ?? '')}
          </IndexTable.Cell>
          {showCompany ? <IndexTable.Cell>{w.companyName}</IndexTable.Cell> : null}
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric tone={w.balance < 0 ? 'critical' : undefined}>
              {formatMoney(w.balance, w.currency)}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>{autoRechargeLabel(t, w)}</IndexTable.Cell>
          <IndexTable.Cell>{formatDate(w.createdAt, { language: i18n.language })}</IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </ListPage>
  );
}
