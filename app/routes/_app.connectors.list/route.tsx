/** @module /connectors/list: every connector of the company tree, filtered, sorted and paginated in the URL. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Badge,
  Card,
  EmptyState,
  IndexFilters,
  type IndexFiltersProps,
  IndexTable,
  Page,
  Text,
  useSetIndexFiltersMode,
} from '@shopify/polaris';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cell, ExportColumn } from '../../../domain/export';
import { listPagination, useDebouncedSearch, useSelectedCsvExport } from '../../components/lists/list-controls';
import { networkFilterParts } from '../../components/lists/network-filters';
import { ExportButtons } from '../../components/network/export-button';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { NO_NETWORK_FILTERS } from '../../lib/network-filters';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';
import type { ConnectorRow } from './list.server';
import { loadList } from './list.server';
import { apiFilters, type ListState, listSearch, PAGE_SIZE, readState, SORT_KEYS } from './list-state';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'connectorList.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const state = readState(new URL(request.url));
  const result = await loadList(request, context, me, state);
  return {
    ...result,
    state,
    company: me.company.name,
    companyId: me.company.id,
    currency: me.company.currency,
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

const SORT_LABEL: Record<string, string> = {
  evse_id: 'connectorList.sortEvse',
  station: 'connectorList.sortStation',
  city: 'connectorList.sortCity',
  status: 'connectorList.sortStatus',
  max_power: 'connectorList.sortPower',
  status_changed_at: 'connectorList.sortSince',
};

export default function ConnectorList() {
  const { t } = useTranslation();
  const { rows, total, cities, options, companyGroups, state, company, companyId, currency, timeZone, language } =
    useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { mode, setMode } = useSetIndexFiltersMode();
  useLiveFeed(companyId);

  const update = useCallback(
    (changes: Partial<ListState>) =>
      setParams(listSearch({ ...state, page: 0, ...changes }), { preventScrollReset: true, replace: true }),
    [state, setParams],
  );

  // Typing searches after a pause, not on every key.
  const [query, setQuery] = useDebouncedSearch(
    state.q,
    useCallback((q: string) => update({ q }), [update]),
  );

  const sortOptions: IndexFiltersProps['sortOptions'] = SORT_KEYS.flatMap((key) =>
    (['asc', 'desc'] as const).map((direction) => ({
      label: tKey(t, SORT_LABEL[key] ?? key),
      value: `${key} ${direction}` as const,
      directionLabel: t(`connectorList.${direction}`),
    })),
  );

  const parts = networkFilterParts({
    t,
    state,
    update,
    labels: {
      status: t('connectorList.status'),
      city: t('connectorList.city'),
      power: t('connectorList.powerType'),
      operator: t('network.list.operator'),
      owner: t('network.list.owner'),
      group: t('network.list.group'),
    },
    cities,
    options,
    companyGroups,
  });
  const filters: IndexFiltersProps['filters'] = [
    parts.filters.status,
    parts.filters.city,
    parts.filters.power,
    ...parts.filters.single,
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...parts.applied.status,
    ...parts.applied.city,
    ...parts.applied.power,
    ...parts.applied.single,
  ];

  const columns: ExportColumn[] = [
    { header: t('connectorList.colEvse'), width: 24 },
    { header: t('network.export.colUid'), width: 18 },
    { header: t('connectorList.colStation'), width: 28 },
    { header: t('connectorList.colCity'), width: 16 },
    { header: t('connectorList.colStatus'), width: 14 },
    { header: t('network.export.colErrorCode'), width: 18 },
    { header: t('connectorList.colPower'), format: 'decimal2' },
    { header: t('connectorList.colPlug'), width: 12 },
    { header: t('connectorList.powerType'), width: 12 },
    { header: t('connectorList.colOperator'), width: 24 },
    { header: t('connectorList.colSince'), width: 22 },
  ];
  const toRow = (r: ConnectorRow): Cell[] => [
    r.evseId,
    r.uid,
    r.station.name,
    r.station.city,
    tKey(t, `overview.status.${r.bucket}`),
    r.errorCode,
    r.maxPowerKw,
    r.plugType,
    r.powerType,
    r.station.operatorName,
    r.statusChangedAt,
  ];
  const selection = useSelectedCsvExport({
    rows,
    columns,
    toRow,
    fileName: 'connectors-selected',
    label: t('network.export.selectedCsv'),
  });

  return (
    <Page title={t('connectorList.title')} subtitle={t('connectorList.subtitle', { company })} fullWidth>
      <div style={{ marginBottom: 12 }}>
        <ExportButtons
          spec={{
            endpoint: '/api/connectors',
            body: apiFilters(state),
            columns,
            toRow,
            fileName: 'connectors',
            total,
          }}
        />
      </div>
      <Card padding="0">
        <IndexFilters
          sortOptions={sortOptions}
          sortSelected={[`${state.sort} ${state.direction}`]}
          onSort={([value]) => {
            const [sort, direction] = (value ?? 'evse_id asc').split(' ');
            update({ sort: sort as ListState['sort'], direction: direction === 'desc' ? 'desc' : 'asc' });
          }}
          queryValue={query}
          queryPlaceholder={t('connectorList.search')}
          onQueryChange={setQuery}
          onQueryClear={() => {
            setQuery('');
            update({ q: '' });
          }}
          filters={filters}
          appliedFilters={applied}
          onClearAll={() => {
            setQuery('');
            update(NO_NETWORK_FILTERS);
          }}
          tabs={[{ id: 'all', content: t('connectorList.all') }]}
          selected={0}
          mode={mode}
          setMode={setMode}
          loading={navigation.state === 'loading'}
          cancelAction={{ onAction: () => undefined }}
        />
        <IndexTable
          resourceName={{ singular: t('connectorList.title'), plural: t('connectorList.title') }}
          itemCount={rows.length}
          {...selection.tableProps}
          emptyState={
            <EmptyState heading={t('connectorList.emptyTitle')} image="">
              <p>{t('connectorList.emptyBody')}</p>
            </EmptyState>
          }
          headings={[
            { title: t('connectorList.colEvse') },
            { title: t('connectorList.colStation') },
            { title: t('connectorList.colCity') },
            { title: t('connectorList.colStatus') },
            { title: t('connectorList.colPower'), alignment: 'end' },
            { title: t('connectorList.colPlug') },
            { title: t('connectorList.colOperator') },
            { title: t('connectorList.colSince') },
          ]}
          pagination={listPagination(
            state.page,
            total,
            PAGE_SIZE,
            (page) => update({ page }),
            t('connectorList.count', { count: total }),
          )}
        >
          {rows.map((row, index) => (
            <IndexTable.Row
              id={String(row.id)}
              key={row.id}
              position={index}
              selected={selection.isSelected(row.id)}
              onClick={() => navigate(`/connectors/${row.id}/detail`)}
            >
              <IndexTable.Cell>
                <Text as="span" variant="bodyMd" fontWeight="semibold">
                  {row.evseId ?? '—'}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.station.name}</IndexTable.Cell>
              <IndexTable.Cell>{row.station.city ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={STATUS_TONES[row.bucket]}>{tKey(t, `overview.status.${row.bucket}`)}</Badge>
                {row.errorCode && row.errorCode !== 'NoError' ? (
                  <Text as="span" tone="critical" variant="bodySm">
                    {' '}
                    {row.errorCode}
                  </Text>
                ) : null}
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {row.maxPowerKw === null
                    ? '—'
                    : t('connectorList.kw', { value: formatNumber(row.maxPowerKw, { currency }) })}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.plugType ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>{row.station.operatorName}</IndexTable.Cell>
              <IndexTable.Cell>
                {row.statusChangedAt ? formatDateTime(row.statusChangedAt, { timeZone, language }) : '—'}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
