/** @module /connectors/stations: every station of the company tree, filtered, sorted and paginated in the URL, with export. */

import type { Cell, ExportColumn } from '@domain/export';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, ChoiceList, type IndexFiltersProps, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useSelectedCsvExport } from '../../components/lists/list-controls';
import { ListPage, sortChoices } from '../../components/lists/list-page';
import { networkFilterParts } from '../../components/lists/network-filters';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { NO_NETWORK_FILTERS } from '../../lib/network-filters';
import { forbidden, requirePermission } from '../../lib/session.server';
import { PAGE_SIZE, readStationState, STATION_SORTS, stationApiFilters, stationSearch } from './stations-state';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'network.stations.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const state = readStationState(new URL(request.url));
  const api = createApi(request, context);
  const [page, options, companyGroups] = await Promise.all([
    api.send(
      api.client.api.stations.$post({
        json: { page: state.page, items_per_page: PAGE_SIZE, ...stationApiFilters(state) },
      }),
    ),
    api.send(api.client.api.connectors.filter.$get()),
    api.send(api.client.api.reference['company-groups'].$get()),
  ]);
  for (const result of [page, options]) {
    if (result.ok) continue;
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    if (result.status === 400) break;
    throw data({ status: result.status }, { status: Math.max(result.status, 500) });
  }
  return {
    rows: page.ok ? page.data.data : [],
    total: page.ok ? page.data.total : 0,
    options: options.ok ? options.data : { operators: [], owners: [], cities: [], groups: [] },
    companyGroups: companyGroups.ok ? companyGroups.data : undefined,
    state,
    company: me.company.name,
    currency: me.company.currency,
    timeZone: me.company.timeZone,
    language: me.user.language,
  };
}

type StationRow = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

const SORT_LABEL: Record<string, string> = {
  name: 'network.stations.sortName',
  uid: 'network.stations.sortUid',
  city: 'network.stations.sortCity',
  last_seen: 'network.stations.sortLastSeen',
  connectors: 'network.stations.sortConnectors',
};

export default function StationList() {
  const { t } = useTranslation();
  const { rows, total, options, companyGroups, state, company, currency, timeZone, language } =
    useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, stationSearch);
  const { update } = list;

  const onlineChoices = [
    { label: t('network.stations.onlineOnly'), value: 'online' },
    { label: t('network.stations.offlineOnly'), value: 'offline' },
  ];
  const parts = networkFilterParts({
    t,
    state,
    update,
    labels: {
      status: t('network.stations.status'),
      city: t('network.stations.city'),
      power: t('network.stations.powerType'),
      operator: t('network.stations.operator'),
      owner: t('network.stations.owner'),
      group: t('network.stations.group'),
    },
    cities: options.cities,
    options,
    companyGroups,
  });

  const filters: IndexFiltersProps['filters'] = [
    parts.filters.status,
    {
      key: 'online',
      label: t('network.stations.online'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('network.stations.online')}
          titleHidden
          choices={onlineChoices}
          selected={state.online ? [state.online] : []}
          onChange={([v]) => update({ online: v === 'online' || v === 'offline' ? v : null })}
        />
      ),
    },
    parts.filters.city,
    parts.filters.power,
    ...parts.filters.single,
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...parts.applied.status,
    ...(state.online
      ? [
          {
            key: 'online',
            label: `${t('network.stations.online')}: ${onlineChoices.find((c) => c.value === state.online)?.label}`,
            onRemove: () => update({ online: null }),
          },
        ]
      : []),
    ...parts.applied.city,
    ...parts.applied.power,
    ...parts.applied.single,
  ];

  const columns: ExportColumn[] = [
    { header: t('network.stations.colUid'), width: 18 },
    { header: t('network.stations.colName'), width: 28 },
    { header: t('network.export.colAddress'), width: 28 },
    { header: t('network.export.colPostalCode'), width: 10 },
    { header: t('network.stations.colCity'), width: 16 },
    { header: t('network.export.colCountry'), width: 8 },
    { header: t('network.export.colLatitude'), format: 'decimal3' },
    { header: t('network.export.colLongitude'), format: 'decimal3' },
    { header: t('network.stations.colOperator'), width: 24 },
    { header: t('network.stations.powerType'), width: 12 },
    { header: t('network.stations.colConnectors'), format: 'integer' },
    { header: t('network.stations.colFaulted'), format: 'integer' },
    { header: t('network.stations.colState'), width: 10 },
    { header: t('network.stations.colLastSeen'), width: 22 },
  ];
  const toRow = (s: StationRow): Cell[] => [
    s.uid,
    s.name,
    s.address,
    s.postalCode,
    s.city,
    s.country,
    s.latitude,
    s.longitude,
    s.operatorName,
    s.powerType,
    s.connectors,
    s.faulted,
    s.online ? t('network.stations.onlineOnly') : t('network.stations.offlineOnly'),
    s.lastSeenAt,
  ];
  const selection = useSelectedCsvExport({
    rows,
    columns,
    toRow,
    fileName: 'stations-selected',
    label: t('network.export.selectedCsv'),
  });

  return (
    <Page title={t('network.stations.title')} subtitle={t('network.stations.subtitle', { company })} fullWidth>
      <ListPage
        list={list}
        searchPlaceholder={t('network.stations.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ ...NO_NETWORK_FILTERS, online: null }}
        sort={{
          options: sortChoices(
            STATION_SORTS,
            (key) => tKey(t, SORT_LABEL[key] ?? key),
            (direction) => t(`network.stations.${direction}`),
          ),
          key: state.sort,
          direction: state.direction,
        }}
        onSort={(sort, direction) => update({ sort: sort as typeof state.sort, direction })}
        allLabel={t('network.stations.all')}
        resourceName={t('network.stations.title')}
        empty={{ heading: t('network.stations.emptyTitle'), body: t('network.stations.emptyBody') }}
        headings={[
          { title: t('network.stations.colName') },
          { title: t('network.stations.colUid') },
          { title: t('network.stations.colCity') },
          { title: t('network.stations.colOperator') },
          { title: t('network.stations.colConnectors'), alignment: 'end' },
          { title: t('network.stations.colFaulted'), alignment: 'end' },
          { title: t('network.stations.colState') },
          { title: t('network.stations.colLastSeen') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('network.stations.count', { count: total }) }}
        table={selection.tableProps}
        exportSpec={{
          endpoint: '/api/stations',
          body: stationApiFilters(state),
          columns,
          toRow,
          fileName: 'stations',
          total,
        }}
      >
        {rows.map((row, index) => (
          <IndexTable.Row
            id={String(row.id)}
            key={row.id}
            position={index}
            selected={selection.isSelected(row.id)}
            onClick={() => (row.connectorId ? navigate(`/connectors/${row.connectorId}/detail`) : undefined)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {row.name}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{row.uid}</IndexTable.Cell>
            <IndexTable.Cell>{row.city ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>{row.operatorName}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatNumber(row.connectors, { currency })}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric tone={row.faulted ? 'critical' : undefined}>
                {formatNumber(row.faulted, { currency })}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={row.online ? 'success' : undefined}>
                {row.online ? t('network.stations.onlineOnly') : t('network.stations.offlineOnly')}
              </Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {row.lastSeenAt ? formatDateTime(row.lastSeenAt, { timeZone, language }) : t('network.stations.never')}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
