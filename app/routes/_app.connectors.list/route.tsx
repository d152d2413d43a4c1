/** @module /connectors/list: every connector of the company tree, filtered, sorted and paginated in the URL. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Badge,
  Card,
  ChoiceList,
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
import { ExportButtons } from '../../components/network/export-button';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';
import type { ConnectorRow } from './list.server';
import { loadList } from './list.server';
import { apiFilters, type ListState, PAGE_SIZE, POWER_TYPES, readState, SORT_KEYS } from './list-state';

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

const BUCKETS = Object.keys(STATUS_TONES);
const POWER_LABEL: Record<string, string> = {
  AC_1_PHASE: 'connectorList.ac1',
  AC_3_PHASE: 'connectorList.ac3',
  DC: 'connectorList.dc',
};
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
  const { rows, total, cities, options, state, company, companyId, currency, timeZone, language } =
    useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { mode, setMode } = useSetIndexFiltersMode();
  useLiveFeed(companyId);

  const update = useCallback(
    (changes: Partial<ListState>) => {
      const next = { ...state, page: 0, ...changes };
      const params = new URLSearchParams();
      if (next.q) params.set('q', next.q);
      if (next.status.length) params.set('status', next.status.join(','));
      if (next.city.length) params.set('city', next.city.join(','));
      if (next.power) params.set('power', next.power);
      if (next.operator) params.set('operator', String(next.operator));
      if (next.owner) params.set('owner', String(next.owner));
      if (next.group) params.set('group', String(next.group));
      if (next.sort !== 'evse_id' || next.direction !== 'asc') params.set('sort', `${next.sort} ${next.direction}`);
      if (next.page) params.set('page', String(next.page));
      setParams(params, { preventScrollReset: true, replace: true });
    },
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

  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'status',
      label: t('connectorList.status'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('connectorList.status')}
          titleHidden
          allowMultiple
          choices={BUCKETS.map((b) => ({ label: tKey(t, `overview.status.${b}`), value: b }))}
          selected={state.status}
          onChange={(status) => update({ status })}
        />
      ),
    },
    {
      key: 'city',
      label: t('connectorList.city'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('connectorList.city')}
          titleHidden
          allowMultiple
          choices={cities.map((c) => ({ label: c, value: c }))}
          selected={state.city}
          onChange={(city) => update({ city })}
        />
      ),
    },
    {
      key: 'power',
      label: t('connectorList.powerType'),
      filter: (
        <ChoiceList
          title={t('connectorList.powerType')}
          titleHidden
          choices={POWER_TYPES.map((p) => ({ label: tKey(t, POWER_LABEL[p] ?? p), value: p }))}
          selected={state.power ? [state.power] : []}
          onChange={(power) => update({ power: power[0] ?? null })}
        />
      ),
    },
    ...(
      [
        ['operator', 'network.list.operator', options.operators],
        ['owner', 'network.list.owner', options.owners],
        ['group', 'network.list.group', options.groups],
      ] as const
    ).map(([key, label, choices]) => ({
      key,
      label: tKey(t, label),
      filter: (
        <ChoiceList
          title={tKey(t, label)}
          titleHidden
          choices={choices.map((c) => ({ label: c.name, value: String(c.id) }))}
          selected={state[key] ? [String(state[key])] : []}
          onChange={([value]) => update({ [key]: value ? Number(value) : null })}
        />
      ),
    })),
  ];

  const named = (list: readonly { id: number; name: string }[], id: number) =>
    list.find((o) => o.id === id)?.name ?? String(id);
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.status.length
      ? [
          {
            key: 'status',
            label: `${t('connectorList.status')}: ${state.status.map((s) => tKey(t, `overview.status.${s}`)).join(', ')}`,
            onRemove: () => update({ status: [] }),
          },
        ]
      : []),
    ...(state.city.length
      ? [
          {
            key: 'city',
            label: `${t('connectorList.city')}: ${state.city.join(', ')}`,
            onRemove: () => update({ city: [] }),
          },
        ]
      : []),
    ...(state.power
      ? [
          {
            key: 'power',
            label: `${t('connectorList.powerType')}: ${tKey(t, POWER_LABEL[state.power] ?? state.power)}`,
            onRemove: () => update({ power: null }),
          },
        ]
      : []),
    ...(
      [
        ['operator', 'network.list.operator', options.operators],
        ['owner', 'network.list.owner', options.owners],
        ['group', 'network.list.group', options.groups],
      ] as const
    ).flatMap(([key, label, list]) => {
      const value = state[key];
      return value
        ? [{ key, label: `${tKey(t, label)}: ${named(list, value)}`, onRemove: () => update({ [key]: null }) }]
        : [];
    }),
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
            update({ q: '', status: [], city: [], power: null, operator: null, owner: null, group: null });
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
