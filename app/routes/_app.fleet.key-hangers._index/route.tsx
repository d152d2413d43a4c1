/**
 * @module /fleet/key-hangers: the RFID cards (key hangers) of the company tree, filtered by status,
 * assignment and keyword and paginated in the URL, with CSV/XLSX export of the filtered list (spec
 * section 2; setting 47 and the key-hangers-management permission of role 59).
 */

import type { Cell, ExportColumn } from '@domain/export';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Badge,
  BlockStack,
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
import { cardTime, displayStatus, type KeyfobRow, STATUS_TONE } from '../../components/key-hangers/keyfob';
import { listPagination, useDebouncedSearch } from '../../components/lists/list-controls';
import { ExportButtons } from '../../components/network/export-button';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.title');

const PAGE_SIZE = 25;
const STATUSES = ['active', 'expired', 'blocked', 'unlinked'] as const;
const ASSIGNMENTS = ['assigned', 'free'] as const;

interface State {
  q: string;
  status: (typeof STATUSES)[number] | null;
  assignment: (typeof ASSIGNMENTS)[number] | null;
  page: number;
}

function readState(url: URL): State {
  const p = url.searchParams;
  const pick = <T extends string>(key: string, allowed: readonly T[]) => {
    const v = p.get(key);
    return allowed.find((a) => a === v) ?? null;
  };
  return {
    q: p.get('q')?.trim().slice(0, 100) ?? '',
    status: pick('status', STATUSES),
    assignment: pick('assignment', ASSIGNMENTS),
    page: Math.max(0, Math.min(100_000, Number.parseInt(p.get('page') ?? '0', 10) || 0)),
  };
}

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
  const state = readState(new URL(request.url));
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
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { mode, setMode } = useSetIndexFiltersMode();

  const update = useCallback(
    (changes: Partial<State>) => {
      const next = { ...state, page: 0, ...changes };
      const params = new URLSearchParams();
      if (next.q) params.set('q', next.q);
      if (next.status) params.set('status', next.status);
      if (next.assignment) params.set('assignment', next.assignment);
      if (next.page) params.set('page', String(next.page));
      setParams(params, { preventScrollReset: true, replace: true });
    },
    [state, setParams],
  );
  const [query, setQuery] = useDebouncedSearch(
    state.q,
    useCallback((q: string) => update({ q }), [update]),
  );

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
      <BlockStack gap="300">
        <ExportButtons
          spec={{ endpoint: '/api/keyfob/all', body: filtersOf(state), columns, toRow, fileName: 'rfid-cards', total }}
        />
        <Card padding="0">
          <IndexFilters
            queryValue={query}
            queryPlaceholder={t('keyHangers.search')}
            onQueryChange={setQuery}
            onQueryClear={() => {
              setQuery('');
              update({ q: '' });
            }}
            filters={filters}
            appliedFilters={applied}
            onClearAll={() => {
              setQuery('');
              update({ q: '', status: null, assignment: null });
            }}
            tabs={[{ id: 'all', content: t('keyHangers.all') }]}
            selected={0}
            mode={mode}
            setMode={setMode}
            loading={navigation.state === 'loading'}
            cancelAction={{ onAction: () => undefined }}
          />
          <IndexTable
            resourceName={{ singular: t('keyHangers.title'), plural: t('keyHangers.title') }}
            itemCount={rows.length}
            selectable={false}
            emptyState={
              <EmptyState heading={t('keyHangers.emptyTitle')} image="">
                <p>{t('keyHangers.emptyBody')}</p>
              </EmptyState>
            }
            headings={[
              { title: t('keyHangers.col.code') },
              { title: t('keyHangers.col.uuid') },
              { title: t('keyHangers.col.type') },
              { title: t('keyHangers.col.user') },
              { title: t('keyHangers.col.group') },
              { title: t('keyHangers.col.expires') },
              { title: t('keyHangers.col.status') },
            ]}
            pagination={listPagination(
              state.page,
              total,
              PAGE_SIZE,
              (page) => update({ page }),
              t('keyHangers.count', { count: total }),
            )}
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
          </IndexTable>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
