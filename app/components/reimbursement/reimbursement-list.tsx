/**
 * @module The reimbursement list (issue 19 part 6) on the shared ListPage: status, month and month-range
 * filters, sort, paging, the filtered list's totals, and (for a manager who may change) row selection with
 * bulk Approve / Reject, each confirmed, then a summary of what was done and what was not and why (and, for the
 * selected approved bank-transfer months, the payouts part's SEPA file button). The bulk
 * form goes to the page's own action (intent `bulk`), which answers `BulkOutcome`. The bulk part lives in
 * `reimbursement-bulk.tsx`, the month filter field in `reimbursement-month-filter.tsx`.
 */
import { formatKwh, formatMoney } from '@domain/format/format';
import { REIMBURSEMENT_STATUSES, type ReimbursementStatus } from '@domain/reimbursement/statuses';
import { Link } from '@remix-run/react';
import {
  BlockStack,
  ChoiceList,
  type IndexFiltersProps,
  IndexTable,
  type IndexTableProps,
  Text,
  useIndexResourceState,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { ListPage, sortChoices } from '../lists/list-page';
import { useListUrl } from '../lists/use-list-url';
import { BankTransferButton } from './bank-transfer-button';
import { useBulk } from './reimbursement-bulk';
import {
  REIMBURSEMENT_PAGE_SIZE,
  type ReimbursementListState,
  reimbursementListUrl,
  SORT_KEYS,
} from './reimbursement-list-url';
import { MonthFilter } from './reimbursement-month-filter';
import { ReimbursementStatusBadge } from './reimbursement-status-badge';
import { monthLabel, personName, type ReimbursementRow, totalsText } from './reimbursement-types';

export type { BulkOutcome } from './reimbursement-bulk';

interface Props {
  state: ReimbursementListState;
  rows: ReimbursementRow[];
  total: number;
  totals: { count: number; values: { currency: string; value: number }[] };
  /** Show the employee column (the manager's list); an employee's page leaves it out. */
  showUser: boolean;
  /** The caller may approve and reject (fleet:home-reimbursement:manage). */
  canManage: boolean;
  /** Where a row leads. */
  href: (row: ReimbursementRow) => string;
}

export function ReimbursementList({ state, rows, total, totals, showUser, canManage, href }: Props) {
  const { t, i18n } = useTranslation();
  const list = useListUrl(state, reimbursementListUrl.write);
  const { update } = list;
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(
    rows.map((r) => ({ id: String(r.id) })),
  );
  const selected = allResourcesSelected ? rows.map((r) => String(r.id)) : selectedResources;
  const bulk = useBulk(canManage, selected, clearSelection);
  // The selected approved bank-transfer months go into the SEPA file (the payouts part's button).
  const transferIds = rows
    .filter((r) => selected.includes(String(r.id)) && r.status === 'validated_by_manager')
    .filter((r) => r.payoutMethod === 'bank_transfer')
    .map((r) => r.id);
  const statusLabel = (s: ReimbursementStatus) => t(`reimbursements.status.${s}`);
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'status',
      label: t('reimbursements.filterStatus'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('reimbursements.filterStatus')}
          titleHidden
          allowMultiple
          choices={REIMBURSEMENT_STATUSES.map((s) => ({ label: statusLabel(s), value: s }))}
          selected={state.status}
          onChange={(v) => update({ status: v as typeof state.status })}
        />
      ),
    },
    {
      key: 'period',
      label: t('reimbursements.filterMonth'),
      filter: (
        <MonthFilter
          label={t('reimbursements.filterMonth')}
          value={state.period}
          onChange={(period) => update({ period })}
        />
      ),
    },
    {
      key: 'from',
      label: t('reimbursements.filterFrom'),
      filter: (
        <MonthFilter label={t('reimbursements.filterFrom')} value={state.from} onChange={(from) => update({ from })} />
      ),
    },
    {
      key: 'to',
      label: t('reimbursements.filterTo'),
      filter: <MonthFilter label={t('reimbursements.filterTo')} value={state.to} onChange={(to) => update({ to })} />,
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.status.length
      ? [{ key: 'status', label: state.status.map(statusLabel).join(', '), onRemove: () => update({ status: [] }) }]
      : []),
    ...(['period', 'from', 'to'] as const).flatMap((key) => {
      const value = state[key];
      return value
        ? [
            {
              key,
              label: `${t(key === 'period' ? 'reimbursements.filterMonth' : key === 'from' ? 'reimbursements.filterFrom' : 'reimbursements.filterTo')}: ${value}`,
              onRemove: () => update({ [key]: null }),
            },
          ]
        : [];
    }),
  ];
  const sortLabel: Record<(typeof SORT_KEYS)[number], string> = {
    period: t('reimbursements.sortMonth'),
    value: t('reimbursements.sortValue'),
    user: t('reimbursements.sortUser'),
    status: t('reimbursements.sortStatus'),
  };
  const sortKeys = showUser ? SORT_KEYS : SORT_KEYS.filter((k) => k !== 'user');
  const month = { title: t('reimbursements.colMonth') };
  const others = [
    { title: t('reimbursements.colStatus') },
    { title: t('reimbursements.colSessions'), alignment: 'end' as const },
    { title: t('reimbursements.colEnergy'), alignment: 'end' as const },
    { title: t('reimbursements.colValue'), alignment: 'end' as const },
  ];
  const headings: IndexTableProps['headings'] = showUser
    ? [{ title: t('reimbursements.colUser') }, month, ...others]
    : [month, ...others];
  return (
    <BlockStack gap="300">
      {bulk.summary}
      {canManage && transferIds.length > 0 ? <BankTransferButton ids={transferIds} /> : null}
      <Text as="p" tone="subdued">
        {t('reimbursements.totals', { count: totals.count, values: totalsText(totals.values, formatMoney) })}
      </Text>
      <ListPage
        list={list}
        searchPlaceholder={t('reimbursements.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ status: [], period: null, from: null, to: null }}
        sort={{
          options: sortChoices(
            sortKeys,
            (k) => sortLabel[k as (typeof SORT_KEYS)[number]],
            (d) => t(`reimbursements.${d}`),
          ),
          key: state.sort ?? 'period',
          direction: state.direction ?? 'desc',
        }}
        onSort={(key, direction) => update({ sort: key as (typeof SORT_KEYS)[number], direction })}
        allLabel={t('reimbursements.title')}
        resourceName={t('reimbursements.title')}
        empty={{ heading: t('reimbursements.emptyTitle'), body: t('reimbursements.emptyBody') }}
        headings={headings}
        rowCount={rows.length}
        pagination={{
          total,
          pageSize: REIMBURSEMENT_PAGE_SIZE,
          countLabel: t('reimbursements.count', { count: total }),
        }}
        table={
          canManage
            ? {
                selectedItemsCount: allResourcesSelected ? 'All' : selectedResources.length,
                onSelectionChange: handleSelectionChange,
                promotedBulkActions: bulk.actions,
              }
            : {}
        }
      >
        {rows.map((r, index) => (
          <IndexTable.Row
            id={String(r.id)}
            key={r.id}
            position={index}
            selected={selectedResources.includes(String(r.id))}
          >
            {showUser ? (
              <IndexTable.Cell>
                <Link to={href(r)}>{personName(r.user)}</Link>
                {r.user.employeeNumber ? (
                  <Text as="span" tone="subdued">
                    {' '}
                    · {r.user.employeeNumber}
                  </Text>
                ) : null}
              </IndexTable.Cell>
            ) : null}
            <IndexTable.Cell>
              {showUser ? (
                monthLabel(r.period, i18n.language)
              ) : (
                <Link to={href(r)}>{monthLabel(r.period, i18n.language)}</Link>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <ReimbursementStatusBadge status={r.status} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {r.sessions}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatKwh(r.energyWh, r.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(r.value, r.currency)}
              </Text>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
      {bulk.dialog}
    </BlockStack>
  );
}
