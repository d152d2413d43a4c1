/** @module /connectors/list: every connector of the company tree, filtered, sorted and paginated in the URL. */

import type { Cell, ExportColumn } from '@domain/export';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, ChoiceList, type IndexFiltersProps, IndexTable, Page, Text } from '@shopify/polaris';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCsvExport } from '../../components/lists/list-controls';
import { ListPage, sortChoices } from '../../components/lists/list-page';
import { networkFilterParts } from '../../components/lists/network-filters';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { NO_NETWORK_FILTERS } from '../../lib/network-filters';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';
import { useBulkGroups } from './bulk-groups';
import type { ConnectorRow } from './list.server';
import { loadList } from './list.server';
import { apiFilters, listSearch, PAGE_SIZE, readState, SORT_KEYS } from './list-state';

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
  const navigate = useNavigate();
  useLiveFeed(companyId);
  const list = useListUrl(state, listSearch);
  const { update } = list;

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
  const bulk = useBulkGroups({ state, tags, tagTotal, total, canEdit: canEditGroups, selection });

  return (
    <Page title={t('connectorList.title')} subtitle={t('connectorList.subtitle', { company })} fullWidth>
      {bulk.progress ? <div style={{ marginBottom: 12 }}>{bulk.progress}</div> : null}
      <ListPage
        list={list}
        searchPlaceholder={t('connectorList.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ ...NO_NETWORK_FILTERS, tag: null }}
        sort={{
          options: sortChoices(
            SORT_KEYS,
            (key) => tKey(t, SORT_LABEL[key] ?? key),
            (direction) => t(`connectorList.${direction}`),
          ),
          key: state.sort,
          direction: state.direction,
        }}
        onSort={(sort, direction) => update({ sort: sort as typeof state.sort, direction })}
        allLabel={t('connectorList.all')}
        resourceName={t('connectorList.title')}
        empty={{ heading: t('connectorList.emptyTitle'), body: t('connectorList.emptyBody') }}
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
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('connectorList.count', { count: total }) }}
        table={{
          ...selection.tableProps,
          promotedBulkActions: [...selection.tableProps.promotedBulkActions, ...bulk.actions],
        }}
        exportSpec={{
          endpoint: '/api/connectors',
          body: apiFilters(state),
          columns,
          toRow,
          fileName: 'connectors',
          total,
        }}
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
      </ListPage>
      {bulk.dialogs}
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
