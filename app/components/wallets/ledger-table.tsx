/**
 * @module The ledger of one wallet, newest first, a page at a time (the page in the URL as `page`, other
 * parameters kept): kind, signed amount, the running balance after it, the reference (a session links to
 * its page), reason and author. `personal` (the driver's own /my-transactions): a session is named, not
 * linked to the back office's page, and the author column is left out.
 */
import { Link, useSearchParams } from '@remix-run/react';
import { Badge, Card, EmptyState, IndexTable, Text } from '@shopify/polaris';
import type { InferResponseType } from 'hono/client';
import { useTranslation } from 'react-i18next';
import type { Api } from '../../lib/api.server';
import { formatDateTime, formatMoney } from '../../lib/format';
import { listPagination } from '../lists/list-controls';
import { KIND_TONE, kindLabel } from './wallet-labels';

export type LedgerPage = InferResponseType<Api['client']['api']['wallet'][':walletId']['entries']['$get'], 200>;

export function LedgerTable({
  entries,
  currency,
  pageSize,
  personal = false,
}: {
  entries: LedgerPage;
  currency: string;
  pageSize: number;
  personal?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const money = (minor: number) => formatMoney(minor, currency);
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    if (page) next.set('page', String(page));
    else next.delete('page');
    setParams(next, { preventScrollReset: true, replace: true });
  };
  return (
    <Card padding="0">
      <IndexTable
        resourceName={{ singular: t('wallets.ledger'), plural: t('wallets.ledger') }}
        itemCount={entries.data.length}
        selectable={false}
        emptyState={
          <EmptyState heading={t('wallets.ledgerEmpty')} image="">
            <p>{t('wallets.ledgerEmptyBody')}</p>
          </EmptyState>
        }
        headings={[
          { title: t('wallets.colDate') },
          { title: t('wallets.colKind') },
          { title: t('wallets.colAmount'), alignment: 'end' },
          { title: t('wallets.colBalanceAfter'), alignment: 'end' },
          { title: t('wallets.colReference') },
          { title: t('wallets.colReason') },
          ...(personal ? [] : [{ title: t('wallets.colAuthor') }]),
        ]}
        pagination={listPagination(
          entries.page,
          entries.total,
          pageSize,
          goTo,
          t('wallets.ledgerCount', { count: entries.total }),
        )}
      >
        {entries.data.map((e, index) => (
          <IndexTable.Row id={String(e.id)} key={e.id} position={index}>
            <IndexTable.Cell>{formatDateTime(e.createdAt, { language: i18n.language })}</IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={KIND_TONE[e.kind]}>{kindLabel(t, e.kind)}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric tone={e.amount < 0 ? 'critical' : 'success'}>
                {e.amount > 0 ? `+${money(e.amount)}` : money(e.amount)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {money(e.balanceAfter)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {e.sessionId && personal ? (
                t('wallets.session', { id: e.sessionId })
              ) : e.sessionId ? (
                <Link to={`/sessions/detail/${e.sessionId}`}>{t('wallets.session', { id: e.sessionId })}</Link>
              ) : (
                <Text as="span" tone="subdued">
                  {e.reference}
                </Text>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>{e.reason ?? ''}</IndexTable.Cell>
            {personal ? null : <IndexTable.Cell>{e.authorName ?? ''}</IndexTable.Cell>}
          </IndexTable.Row>
        ))}
      </IndexTable>
    </Card>
  );
}
