/** @module /connectors/list: every connector of the company tree, filtered, sorted and paginated in the URL. */

import type { Cell, ExportColumn } from '@domain/export';
import { MAX_BULK_FILTER_MATCHES } from '@domain/groups/bulk-limits';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Badge,
  Banner,
  Card,
  ChoiceList,
  EmptyState,
  IndexFilters,
  type IndexFiltersProps,
  IndexTable,
  Link,
  Modal,
  Page,
  Select,
  Text,
  useSetIndexFiltersMode,
} from '@shopify/polaris';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkGroupJob } from '../../components/groups/bulk-job';
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
import { apiFilters, bulkFilter, type ListState, listSearch, PAGE_SIZE, readState, SORT_KEYS } from './list-state';

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
    canEditGroups: me.permissions.includes('stations:edit'),
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
  const {
    rows,
    total,
    cities,
    options,
    tags,
    companyGroups,
    tagTotal,
    state,
    company,
    companyId,
    currency,
    timeZone,
    language,
    canEditGroups,
  } = useLoaderData<typeof loader>();
  const job = useBulkGroupJob();
  const [bulk, setBulk] = useState<null | { intent: 'add' | 'remove'; ids: number[]; all: boolean }>(null);
  const [chosenGroup, setChosenGroup] = useState('');
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
  // The connector group (tag) filter: local to this list (the shared network filters stay as they are).
  const tagLabel = t('groups.bulk.filterLabel');
  const tagName = (id: number) => tags.find((g) => g.id === id)?.name ?? `#${id}`;
  const tagFilter = {
    key: 'tag',
    label: tagLabel,
    filter: (
      <ChoiceList
        title={tagLabel}
        titleHidden
        choices={tags.map((g) => ({ label: g.name, value: String(g.id) }))}
        selected={state.tag ? [String(state.tag)] : []}
        onChange={([value]) => update({ tag: value ? Number(value) : null })}
      />
    ),
  };
  const filters: IndexFiltersProps['filters'] = [
    parts.filters.status,
    parts.filters.city,
    parts.filters.power,
    ...parts.filters.single,
    tagFilter,
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...parts.applied.status,
    ...parts.applied.city,
    ...parts.applied.power,
    ...parts.applied.single,
    ...(state.tag
      ? [{ key: 'tag', label: `${tagLabel}: ${tagName(state.tag)}`, onRemove: () => update({ tag: null }) }]
      : []),
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
    matching: {
      total,
      selectAllText: t('groups.bulk.selectAllMatching', { count: total }),
      allSelectedText: t('groups.bulk.allMatchingSelected', { count: total }),
    },
  });
  // A selection belongs to one filter: changing the filters, sort or page starts over.
  const search = listSearch(state).toString();
  const { clearSelection } = selection;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list's URL state changes
  useEffect(() => clearSelection(), [search, clearSelection]);
  const choose = (intent: 'add' | 'remove') =>
    setBulk({ intent, ids: selection.selectedIds, all: selection.allMatching });
  const bulkCount = bulk?.all ? total : (bulk?.ids.length ?? 0);
  const tooMany = bulk?.all === true && total > MAX_BULK_FILTER_MATCHES;
  const groupActions = canEditGroups
    ? [
        {
          content: t('groups.bulk.addAction'),
          onAction: () => {
            setChosenGroup('');
            choose('add');
          },
        },
        ...(state.tag
          ? [
              {
                content: t('groups.bulk.removeAction'),
                destructive: true,
                onAction: () => choose('remove'),
              },
            ]
          : []),
      ]
    : [];
  const confirmBulk = () => {
    if (!bulk) return;
    const groupId = bulk.intent === 'remove' ? (state.tag ?? 0) : Number(chosenGroup);
    if (!groupId) return;
    const body = bulk.all
      ? { action: bulk.intent, filter: bulkFilter(state) }
      : { action: bulk.intent, connector_ids: bulk.ids };
    void job.start(groupId, tagName(groupId), body);
    selection.clearSelection();
    setBulk(null);
  };

  return (
    <Page title={t('connectorList.title')} subtitle={t('connectorList.subtitle', { company })} fullWidth>
      {job.view ? <div style={{ marginBottom: 12 }}>{job.view}</div> : null}
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
            update({ ...NO_NETWORK_FILTERS, tag: null });
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
          promotedBulkActions={[...selection.tableProps.promotedBulkActions, ...groupActions]}
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
      <Modal
        open={bulk?.intent === 'add'}
        onClose={() => setBulk(null)}
        title={t('groups.bulk.addTitle')}
        primaryAction={
          tags.length
            ? {
                content: t('groups.bulk.add', { count: bulkCount }),
                disabled: !chosenGroup || tooMany || job.busy,
                loading: job.busy,
                onAction: confirmBulk,
              }
            : undefined
        }
        secondaryActions={[{ content: t('groups.bulk.cancel'), onAction: () => setBulk(null) }]}
      >
        <Modal.Section>
          {tags.length ? (
            <>
              <p>{t('groups.bulk.addBody', { count: bulkCount })}</p>
              {tooMany ? <TooMany count={total} /> : null}
              <div style={{ marginTop: 12 }}>
                <Select
                  label={t('groups.bulk.groupLabel')}
                  placeholder={t('groups.bulk.chooseGroup')}
                  options={tags.map((g) => ({
                    label: `${g.name} (${t('groups.list.connectorCount', { count: g.connectorCount })})`,
                    value: String(g.id),
                  }))}
                  value={chosenGroup}
                  onChange={setChosenGroup}
                  helpText={
                    tagTotal > tags.length
                      ? t('groups.bulk.moreGroups', { shown: tags.length, total: tagTotal })
                      : undefined
                  }
                />
              </div>
            </>
          ) : (
            <p>
              {t('groups.bulk.noGroups')} <Link url="/connectors/add-group">{t('groups.list.create')}</Link>
            </p>
          )}
        </Modal.Section>
      </Modal>
      <Modal
        open={bulk?.intent === 'remove'}
        onClose={() => setBulk(null)}
        title={t('groups.bulk.removeTitle')}
        primaryAction={{
          content: t('groups.bulk.remove', { count: bulkCount }),
          destructive: true,
          disabled: tooMany || job.busy,
          loading: job.busy,
          onAction: confirmBulk,
        }}
        secondaryActions={[{ content: t('groups.bulk.cancel'), onAction: () => setBulk(null) }]}
      >
        <Modal.Section>
          <p>{t('groups.bulk.removeBody', { count: bulkCount, group: state.tag ? tagName(state.tag) : '' })}</p>
          {tooMany ? <TooMany count={total} /> : null}
        </Modal.Section>
      </Modal>
    </Page>
  );
}

function TooMany({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 12 }}>
      <Banner tone="warning">
        <p>{t('groups.bulk.tooMany', { count, max: MAX_BULK_FILTER_MATCHES })}</p>
      </Banner>
    </div>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
