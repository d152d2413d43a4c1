/** @module /fleet/users: fleet users with their derived status, filtered and paginated in the URL, live. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate, useSearchParams } from '@remix-run/react';
import {
  Badge,
  Button,
  ChoiceList,
  type IndexFiltersProps,
  IndexTable,
  InlineStack,
  Page,
  Text,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import {
  CompanyGroupPicker,
  describeGroups,
  fieldOf,
  type GroupIds,
  groupApiFields,
  NO_GROUPS,
  readGroupParams,
  usedLevels,
  writeGroupParams,
} from '../../components/company-groups/company-group-picker';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { displayName, PERMISSION_LABEL, PERMISSIONS } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { keyword, type ListField, type ListStateOf, listUrl, oneOf, pageNumber, positiveId } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.users.title');

const PAGE_SIZE = 25;
const STATUSES = ['charging', 'idle'] as const;
const STATES = ['active', 'deleted'] as const;
const PERMISSION_FILTERS = ['public', 'work', 'home', 'only_private', 'rfid_only'] as const;

/** Company groups (levels 1-4), in the URL as group1..group4. */
const companyGroupsField: ListField<GroupIds> = {
  read: (p) => readGroupParams(p),
  write: (value, _key, p) => writeGroupParams(value, p),
};
const url = listUrl({
  q: keyword(),
  status: oneOf(STATUSES),
  state: oneOf(STATES),
  permission: oneOf(PERMISSION_FILTERS),
  group: positiveId(),
  groups: companyGroupsField,
  page: pageNumber(),
});
type State = ListStateOf<typeof url.fields>;

/** The URL state of the user list (also read by the export route). */
export function readState(u: URL): State {
  return url.read(u.searchParams);
}

/** The API body for a state: filters are sent only when given (spec section 5). */
export function filtersOf(s: State) {
  return {
    ...(s.q ? { keyword: s.q } : {}),
    ...(s.status ? { status: s.status } : {}),
    ...(s.state ? { state: s.state } : {}),
    ...(s.permission ? { permission: s.permission } : {}),
    ...(s.group ? { corporate_group_id: s.group } : {}),
    ...groupApiFields(s.groups),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:view');
  const url = new URL(request.url);
  const state = readState(url);
  const api = createApi(request, context);
  const [page, groups, companyGroups] = await Promise.all([
    api.send(
      api.client.api.users.$post({ json: { ...filtersOf(state), page: state.page, items_per_page: PAGE_SIZE } }),
    ),
    api.send(api.client.api.users.group.$get()),
    api.send(api.client.api.reference['company-groups'].$get()),
  ]);
  const rows = must(page, me);
  return {
    rows: rows.data,
    total: rows.total,
    groups: must(groups, me).data,
    companyGroups: must(companyGroups, me),
    state,
    companyId: me.company.id,
    canManage: me.permissions.includes('fleet:users:manage'),
    canExport: me.permissions.includes('fleet:users:export'),
    hidesDeleted: me.services.includes(42),
  };
}

export default function FleetUsers() {
  const { t } = useTranslation();
  const { rows, total, groups, companyGroups, state, companyId, canManage, canExport, hidesDeleted } =
    useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Sessions starting and stopping change the charging/idle status: follow the live feed.
  useLiveFeed(companyId);
  const list = useListUrl(state, url.write);
  const { update } = list;

  const single = (key: keyof State, label: string, choices: { label: string; value: string }[]) => ({
    key,
    label,
    shortcut: true,
    filter: (
      <ChoiceList
        title={label}
        titleHidden
        choices={choices}
        selected={state[key] === null ? [] : [String(state[key])]}
        onChange={([v]) => update({ [key]: key === 'group' ? Number(v) : (v ?? null) } as Partial<State>)}
      />
    ),
  });
  const statusLabel = (s: string) => tKey(t, `fleet.status.${s}`);
  const filters: IndexFiltersProps['filters'] = [
    single(
      'status',
      t('fleet.users.status'),
      STATUSES.map((s) => ({ label: statusLabel(s), value: s })),
    ),
    single(
      'permission',
      t('fleet.users.permission'),
      PERMISSION_FILTERS.map((p) => ({ label: tKey(t, `fleet.permission.${p}`), value: p })),
    ),
    single(
      'group',
      t('fleet.users.corporateGroup'),
      groups.map((g) => ({ label: g.name, value: String(g.id) })),
    ),
    ...(usedLevels(companyGroups).length
      ? [
          {
            key: 'companyGroups',
            label: t('fleet.companyGroups.filter'),
            shortcut: true,
            filter: (
              <CompanyGroupPicker
                options={companyGroups}
                value={state.groups}
                onChange={(groups) => update({ groups })}
              />
            ),
          },
        ]
      : []),
    ...(hidesDeleted
      ? []
      : [
          single(
            'state',
            t('fleet.users.state'),
            STATES.map((s) => ({ label: statusLabel(s), value: s })),
          ),
        ]),
  ];
  const applied: IndexFiltersProps['appliedFilters'] = [];
  if (state.status)
    applied.push({ key: 'status', label: statusLabel(state.status), onRemove: () => update({ status: null }) });
  if (state.permission)
    applied.push({
      key: 'permission',
      label: tKey(t, `fleet.permission.${state.permission}`),
      onRemove: () => update({ permission: null }),
    });
  if (state.group)
    applied.push({
      key: 'group',
      label: groups.find((g) => g.id === state.group)?.name ?? String(state.group),
      onRemove: () => update({ group: null }),
    });
  for (const g of describeGroups(companyGroups, state.groups))
    applied.push({
      key: `companyGroup${g.level}`,
      label: g.text,
      onRemove: () => update({ groups: { ...state.groups, [fieldOf(g.level)]: null } }),
    });
  if (state.state)
    applied.push({ key: 'state', label: statusLabel(state.state), onRemove: () => update({ state: null }) });

  const exportHref = `/fleet/users/export?${params.toString()}`;
  return (
    <Page
      title={t('fleet.users.title')}
      fullWidth
      primaryAction={canManage ? { content: t('fleet.users.create'), url: '/fleet/users/create' } : undefined}
      secondaryActions={[
        ...(canExport ? [{ content: t('fleet.users.export'), url: exportHref, external: true }] : []),
        ...(canManage ? [{ content: t('userImport.link'), url: '/fleet/users/import' }] : []),
      ]}
    >
      <ListPage
        list={list}
        searchPlaceholder={t('fleet.users.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ status: null, permission: null, group: null, groups: NO_GROUPS, state: null }}
        allLabel={t('fleet.users.all')}
        resourceName={t('fleet.users.title')}
        empty={{ heading: t('fleet.users.emptyTitle'), body: t('fleet.users.emptyBody') }}
        headings={[
          { title: t('fleet.users.colName') },
          { title: t('fleet.users.colEmail') },
          { title: t('fleet.users.colGroup') },
          { title: t('fleet.users.colPlate') },
          { title: t('fleet.users.colPermissions') },
          { title: t('fleet.users.colSessions'), alignment: 'end' },
          { title: t('fleet.users.colStatus') },
        ]}
        rowCount={rows.length}
        pagination={{ total, pageSize: PAGE_SIZE, countLabel: t('fleet.users.count', { count: total }) }}
      >
        {rows.map((row, index) => (
          <IndexTable.Row
            id={String(row.id)}
            key={row.id}
            position={index}
            onClick={() => navigate(`/fleet/users/detail/${row.id}`)}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {displayName(row)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{row.email}</IndexTable.Cell>
            <IndexTable.Cell>{row.corporate_group_name ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>{row.license_plate ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack gap="100">
                {[...PERMISSIONS, 'charge_only_with_rfid' as const]
                  .filter((p) => row[p])
                  .map((p) => (
                    <Badge key={p}>{tKey(t, PERMISSION_LABEL[p] ?? p)}</Badge>
                  ))}
              </InlineStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {row.session_count}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {row.state === 'deleted' ? (
                <Badge tone="critical">{statusLabel('deleted')}</Badge>
              ) : (
                <Badge tone={row.status === 'charging' ? 'success' : undefined}>{statusLabel(row.status)}</Badge>
              )}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
      <InlineStack align="end">
        <Button variant="plain" url="/fleet/corporate-groups">
          {t('fleet.groups.title')}
        </Button>
      </InlineStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
