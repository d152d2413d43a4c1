/**
 * @module /fleet/key-hangers: the RFID cards (key hangers) of the company tree, filtered by status,
 * assignment and keyword and paginated in the URL, with CSV/XLSX export of the filtered list (spec
 * section 2; setting 47 and the key-hangers-management permission of role 59).
 */

import type { Cell, ExportColumn } from '@domain/export';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, ChoiceList, type IndexFiltersProps, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { cardTime, displayStatus, type KeyfobRow, STATUS_TONE } from '../../components/key-hangers/keyfob';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { keyword, type ListStateOf, listUrl, oneOf, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.title');

const PAGE_SIZE = 25;
const STATUSES = ['active', 'expired', 'blocked', 'unlinked'] as const;
const ASSIGNMENTS = ['assigned', 'free'] as const;

const url = listUrl({
  q: keyword({ trim: true }),
  status: oneOf(STATUSES),
  assignment: oneOf(ASSIGNMENTS),
  page: pageNumber(100_000),
});
type State = ListStateOf<typeof url.fields>;

/** The API filters of a state (POST /api/keyfob/all), also what the export pages through. */
function filtersOf(s: State) {
  return {
    ...(s.q ? { keyword: s.q } : {}),
    ...(s.status ? { status: s.status } : {}),
    ...(s.assignment ? { assigned: s.assignment === 'assigned' } : {}),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:key-hangers');
  const state = url.read(new URL(request.url).searchParams);
  const api = createApi(request, context);
  const page = must(
    await api.send(
      api.client.api.keyfob.all.$post({ json: { ...filtersOf(state), page: state.page, items_per_page: PAGE_SIZE } }),
    ),
    me,
  );
  return { rows: page.data, total: page.total, state, timeZone: me.company.timeZone };
}

export default function KeyHangers() {
  const { t, i18n } = useTranslation();
  const { rows, total, state, timeZone } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const list = useListUrl(state, url.write);
  const { update } = list;

  const statusLabel = (s: string) => tKey(t, `keyHangers.status.${s}`);
  const assignmentLabel = (a: string) => tKey(t, `keyHangers.assignment.${a}`);
  const typeLabel = (type: string) => tKey(t, `keyHangers.type.${type}`);
  const time = (value: string | null) => cardTime(value, i18n.language, timeZone);
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'status',
      label: t('keyHangers.filterStatus'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('keyHangers.filterStatus')}
          titleHidden
          choices={STATUSES.map((s) => ({ label: statusLabel(s), value: s }))}
          selected={state.status ? [state.status] : []}
          onChange={([v]) => update({ status: STATUSES.find((s) => s === v) ?? null })}
        />
      ),
    },
    {
      key: 'assignment',
      label: t('keyHangers.filterAssignment'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('keyHangers.filterAssignment')}
          titleHidden
          choices={ASSIGNMENTS.map((a) => ({ label: assignmentLabel(a), value: a }))}
          selected={state.assignment ? [state.assignment] : []}
          onChange={([v]) => update({ assignment: ASSIGNMENTS.find((a) => a === v) ?? null })}
        />
      ),
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.status
      ? [{ key: 'status', label: statusLabel(state.status), onRemove: () => update({ status: null }) }]
      : []),
    ...(state.assignment
      ? [{ key: 'assignment', label: assignmentLabel(state.assignment), onRemove: () => update({ assignment: null }) }]
      : []),
  ];

  const columns: ExportColumn[] = [
    { header: t('keyHangers.col.code'), width: 16 },
    { header: t('keyHangers.col.uuid'), width: 22 },
    { header: t('keyHangers.col.type'), width: 14 },
    { header: t('keyHangers.col.user'), width: 28 },
    { header: t('keyHangers.col.group'), width: 20 },
    { header: t('keyHangers.col.expires'), width: 18 },
    { header: t('keyHangers.col.status'), width: 12 },
    { header: t('keyHangers.col.created'), width: 18 },
  ];
  const toRow = (k: KeyfobRow): Cell[] => [
    k.key_hanger_code,
    k.uuid,
    typeLabel(k.type),
    k.user ? `${displayName(k.user)} <${k.user.email}>` : '',
    k.parent_id_tag,
    time(k.expires_at),
    statusLabel(displayStatus(k)),
    time(k.created_at),
  ];

  return (
    <Page
      title={t('keyHangers.title')}
      fullWidth
      primaryAction={{ content: t('keyHangers.add'), url: '/fleet/key-hangers-store' }}
      secondaryActions={[
        { content: t('keyHangers.addByUuid'), url: '/fleet/key-hangers-store-uuid' },
        { content: t('keyHangers.importLink'), url: '/fleet/key-hangers/import' },
        { content: t('keyHangers.checkLink'), url: '/fleet/check-key-hangers' },
      ]}
    >
      <ListPage
        list={list}
        searchPlaceholder={t('keyHangers.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ status: null, assignment: null }}
        allLabel={t('keyHangers.all')}
        resourceName={t('keyHangers.title')}
        empty={{ heading: t('keyHangers.emptyTitle'), body: t('keyHangers.emptyBody') }}
        headings={[
          { title: t('keyHangers.col.code') },
          { title: t('keyHangers.col.uuid') },
          { title: t('keyHangers.col.type') },
          { title: t('keyHangers.col.user') },
          { title: t('keyHangers.col.group') },
          { title: t('keyHangers.col.expires') },
          { title: t('keyHangers.col.status') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('keyHangers.count', { count: total }) }}
        exportSpec={{
          endpoint: '/api/keyfob/all',
          body: filtersOf(state),
          columns,
          toRow,
          fileName: 'rfid-cards',
          total,
        }}
      >
        {rows.map((row, index) => {
          const status = displayStatus(row);
          return (
            <IndexTable.Row
              id={String(row.id)}
              key={row.id}
              position={index}
              onClick={() => navigate(`/fleet/key-hangers/${row.id}`)}
            >
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {row.key_hanger_code}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.uuid}</IndexTable.Cell>
              <IndexTable.Cell>{typeLabel(row.type)}</IndexTable.Cell>
              <IndexTable.Cell>{row.user ? displayName(row.user) : t('keyHangers.notAssigned')}</IndexTable.Cell>
              <IndexTable.Cell>{row.parent_id_tag ?? '—'}</IndexTable.Cell>
              <IndexTable.Cell>{row.expires_at ? time(row.expires_at) : t('keyHangers.never')}</IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={STATUS_TONE[status]}>{statusLabel(status)}</Badge>
              </IndexTable.Cell>
            </IndexTable.Row>
          );
        })}
      </ListPage>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
