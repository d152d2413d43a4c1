/**
 * @module The session table shared by /connectors/sessions, /connectors/{id}/sessions and
 * /fleet/sessions: variant tabs, IndexFilters (period, status, needs revision, keyword, and pickers
 * with search for station, group, user and corporate group), sort, pagination, the columns shown (a
 * short default per variant, the user's choice) and the sums — all kept in the URL — with the
 * totals above the table so they stay in view, an empty state and the exports.
 */

import type { SessionVariant } from '@domain/sessions/variants';
import { chosenColumns, columnsParam, defaultColumns } from '@domain/sessions/visible-columns';
import { useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  EmptyState,
  IndexFilters,
  type IndexFiltersProps,
  IndexTable,
  InlineStack,
  Popover,
  Tabs,
  Text,
  TextField,
  useSetIndexFiltersMode,
} from '@shopify/polaris';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { type PickerOption, SearchPicker } from '../key-hangers/search-picker';
import { type ColumnInfo, formatCell, formatSum } from './cells';
import { ExportButtons } from './export-buttons';
import { PAGE_SIZE, PLACES, type SessionListState, writeState } from './list-state';

export interface SessionPageData {
  variant: SessionVariant;
  variants: SessionVariant[];
  columns: ColumnInfo[];
  data: Record<string, string | number | boolean | null>[];
  total: number;
  sums: Record<string, number | null>;
  unpriced: number;
  currency: string;
}

type IdField = 'station' | 'group' | 'user' | 'corporateGroup';
const ID_FIELDS: { key: IdField; kind: string; label: string; search: string }[] = [
  { key: 'station', kind: 'station', label: 'sessionTable.filter.station', search: 'sessionTable.search.station' },
  { key: 'group', kind: 'group', label: 'sessionTable.filter.group', search: 'sessionTable.search.group' },
  { key: 'user', kind: 'user', label: 'sessionTable.filter.user', search: 'sessionTable.search.user' },
  {
    key: 'corporateGroup',
    kind: 'corporate_group',
    label: 'sessionTable.filter.corporateGroup',
    search: 'sessionTable.search.corporateGroup',
  },
];

interface Choice {
  id: number;
  name: string;
  detail: string | null;
}
const toChoice = (c: Choice): PickerOption => ({
  value: String(c.id),
  label: c.detail ? `${c.name} · ${c.detail}` : c.name,
});

/** The names of the ids the URL filters on (a shared link shows "Lyon Part-Dieu", not 12). */
function useFilterLabels(state: SessionListState): Partial<Record<IdField, PickerOption>> {
  const [labels, setLabels] = useState<Partial<Record<IdField, PickerOption>>>({});
  // "station=12&user=7": the ids to name, as one value the effect can depend on.
  const wanted = ID_FIELDS.filter((f) => state[f.key])
    .map((f) => `${f.key}=${state[f.key]}`)
    .join('&');
  useEffect(() => {
    const controller = new AbortController();
    const asked = [...new URLSearchParams(wanted)].flatMap(([key, id]) => {
      const field = ID_FIELDS.find((f) => f.key === key);
      return field ? [{ field, id }] : [];
    });
    Promise.all(
      asked.map(async ({ field, id }) => {
        const res = await fetch(`/api/sessions/filter-options/${field.kind}?id=${id}`, {
          signal: controller.signal,
          credentials: 'same-origin',
        });
        const body = res.ok ? ((await res.json()) as { data: Choice[] }) : { data: [] };
        const first = body.data[0];
        return [field.key, first ? toChoice(first) : { value: id, label: `#${id}` }] as const;
      }),
    )
      .then((pairs) => setLabels(Object.fromEntries(pairs)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [wanted]);
  return labels;
}

/** The column choice: the variant's columns as checkboxes, and back to the default. */
function ColumnPicker(props: {
  columns: ColumnInfo[];
  chosen: string[];
  variant: SessionVariant;
  onChange: (cols: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button onClick={() => setOpen((o) => !o)} disclosure>
          {`${t('sessionTable.columns')} (${props.chosen.length}/${props.columns.length})`}
        </Button>
      }
    >
      <Box padding="300" maxWidth="320px">
        <BlockStack gap="200">
          <ChoiceList
            title={t('sessionTable.columnsTitle')}
            allowMultiple
            choices={props.columns.map((c) => ({ label: tKey(t, `sessions.col.${c.key}`), value: c.key }))}
            selected={props.chosen}
            onChange={(keys) => props.onChange(columnsParam(keys, props.variant))}
          />
          <Button
            variant="plain"
            onClick={() => props.onChange('')}
            disabled={props.chosen.join(',') === defaultColumns(props.variant).join(',')}
          >
            {t('sessionTable.defaultColumns')}
          </Button>
        </BlockStack>
      </Box>
    </Popover>
  );
}

export function SessionList(props: {
  title: string;
  subtitle?: string;
  page: SessionPageData;
  state: SessionListState;
  language: string;
  /** Fleet lists choose where the drivers charged. */
  places?: boolean;
  /** Query of /sessions-export (scope and filters); no export buttons without it. */
  exportQuery?: URLSearchParams;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { page, state, language } = props;
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { mode, setMode } = useSetIndexFiltersMode();
  const [query, setQuery] = useState(state.q);

  const update = useCallback(
    (changes: Partial<SessionListState>) => {
      setParams(writeState({ ...state, page: 0, ...changes }), { preventScrollReset: true, replace: true });
    },
    [state, setParams],
  );

  useEffect(() => {
    if (query === state.q) return;
    const timer = setTimeout(() => update({ q: query }), 300);
    return () => clearTimeout(timer);
  }, [query, state.q, update]);

  const labels = useFilterLabels(state);
  // The columns shown: the user's choice in the URL, else the variant's short default.
  const chosen = chosenColumns(state.cols, page.variant);
  const columns = page.columns.filter((c) => chosen.includes(c.key));
  const sumColumns = columns.filter((c) => c.sum);
  const col = (key: string) => tKey(t, `sessions.col.${key}`);
  // The API's sort keys (domain/sessions/variants.ts `sort`): start, stop, station, energy, duration
  // and the variant's party totals; ORDER BY adds the id as a tie-breaker.
  const sortableKey = (key: string) =>
    ['cdr_start', 'cdr_end', 'station_name', 'cdr_consumed_energy', 'cdr_time'].includes(key) || key.endsWith('_total');
  const sortColumn = columns.findIndex((c) => c.key === state.sort);
  const sortOptions: IndexFiltersProps['sortOptions'] = columns
    .filter((c) => sortableKey(c.key))
    .flatMap((c) =>
      (['asc', 'desc'] as const).map((direction) => ({
        label: col(c.key),
        value: `${c.key} ${direction}` as const,
        directionLabel: t(`sessions.sort.${direction}`),
      })),
    );

  const periodInvalid = Boolean(state.from && state.to && state.to <= state.from);
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'period',
      label: t('sessions.filter.period'),
      pinned: true,
      filter: (
        <BlockStack gap="200">
          <TextField
            label={t('sessions.filter.from')}
            type="date"
            value={state.from}
            onChange={(from) => update({ from })}
            autoComplete="off"
          />
          <TextField
            label={t('sessions.filter.to')}
            type="date"
            value={state.to}
            onChange={(to) => update({ to })}
            autoComplete="off"
            error={periodInvalid ? t('sessions.filter.invalidPeriod') : undefined}
          />
        </BlockStack>
      ),
    },
    {
      key: 'status',
      label: t('sessions.filter.status'),
      pinned: true,
      filter: (
        <ChoiceList
          title={t('sessions.filter.status')}
          titleHidden
          choices={[
            { label: t('sessions.status.in_progress'), value: 'in_progress' },
            { label: t('sessions.status.closed'), value: 'closed' },
          ]}
          selected={state.status ? [state.status] : []}
          onChange={([s]) => update({ status: (s as SessionListState['status']) ?? null })}
        />
      ),
    },
    {
      key: 'revision',
      label: t('sessions.filter.needsRevision'),
      pinned: true,
      filter: (
        <ChoiceList
          title={t('sessions.filter.needsRevision')}
          titleHidden
          choices={[
            { label: t('sessions.yes'), value: 'yes' },
            { label: t('sessions.no'), value: 'no' },
          ]}
          selected={state.revision ? [state.revision] : []}
          onChange={([r]) => update({ revision: (r as SessionListState['revision']) ?? null })}
        />
      ),
    },
    ...ID_FIELDS.map((f) => ({
      key: f.key,
      label: tKey(t, f.label),
      filter: (
        <SearchPicker<Choice>
          key={`${f.key}-${state[f.key]}-${labels[f.key]?.label ?? ''}`}
          endpoint={`/api/sessions/filter-options/${f.kind}`}
          toOption={toChoice}
          label={tKey(t, f.label)}
          placeholder={tKey(t, f.search)}
          emptyText={t('sessionTable.noMatch')}
          name={`filter-${f.key}`}
          initial={state[f.key] ? (labels[f.key] ?? null) : null}
          onChange={(option) => update({ [f.key]: option?.value ?? '' })}
        />
      ),
    })),
  ];

  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.from || state.to
      ? [
          {
            key: 'period',
            label: `${t('sessions.filter.period')}: ${state.from || '…'} – ${state.to || '…'}`,
            onRemove: () => update({ from: '', to: '' }),
          },
        ]
      : []),
    ...(state.status
      ? [
          {
            key: 'status',
            label: `${t('sessions.filter.status')}: ${t(`sessions.status.${state.status}`)}`,
            onRemove: () => update({ status: null }),
          },
        ]
      : []),
    ...(state.revision
      ? [
          {
            key: 'revision',
            label: `${t('sessions.filter.needsRevision')}: ${t(`sessions.${state.revision}`)}`,
            onRemove: () => update({ revision: null }),
          },
        ]
      : []),
    ...ID_FIELDS.filter((f) => state[f.key]).map((f) => ({
      key: f.key,
      label: `${tKey(t, f.label)}: ${labels[f.key]?.label ?? `#${state[f.key]}`}`,
      onRemove: () => update({ [f.key]: '' }),
    })),
  ];

  const variantIndex = Math.max(0, page.variants.indexOf(page.variant));
  const pages = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  const placeIndex = PLACES.indexOf(state.place);

  return (
    <BlockStack gap="400">
      {props.places ? (
        <Tabs
          tabs={PLACES.map((p) => ({ id: `place-${p}`, content: t(`sessions.place.${p}`) }))}
          selected={placeIndex}
          onSelect={(i) => update({ place: PLACES[i] ?? 'roaming' })}
        />
      ) : null}
      <InlineStack align="space-between" blockAlign="start" gap="400">
        <Checkbox
          label={t('sessions.demoMode')}
          helpText={t('sessions.demoHint')}
          checked={state.demo}
          onChange={(demo) => update({ demo, page: state.page })}
        />
        <InlineStack gap="200" blockAlign="center">
          <ColumnPicker
            columns={page.columns}
            chosen={chosen}
            variant={page.variant}
            onChange={(cols) => update({ cols, page: state.page })}
          />
          {props.exportQuery ? <ExportButtons query={props.exportQuery} /> : null}
        </InlineStack>
      </InlineStack>
      {page.total > 0 && sumColumns.length > 0 ? (
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingSm">
              {t('sessionTable.totals', { count: page.total })}
            </Text>
            <div data-testid="session-totals">
              <InlineStack gap="600" wrap>
                {sumColumns.map((c) => (
                  <BlockStack gap="050" key={c.key}>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {col(c.key)}
                    </Text>
                    <Text as="span" fontWeight="semibold" numeric>
                      {formatSum(t, c, page.sums[c.key], page.currency)}
                    </Text>
                  </BlockStack>
                ))}
              </InlineStack>
            </div>
          </BlockStack>
        </Card>
      ) : null}
      {page.unpriced > 0 && page.total > 0 ? (
        <Banner tone="info">
          <p>{t('sessions.unpricedCount', { count: page.unpriced })}</p>
        </Banner>
      ) : null}
      <Card padding="0">
        <IndexFilters
          sortOptions={sortOptions}
          sortSelected={[`${state.sort} ${state.direction}`]}
          onSort={([value]) => {
            const [sort = 'cdr_start', direction] = (value ?? 'cdr_start desc').split(' ');
            update({ sort, direction: direction === 'asc' ? 'asc' : 'desc' });
          }}
          queryValue={query}
          queryPlaceholder={t('sessions.search')}
          onQueryChange={setQuery}
          onQueryClear={() => {
            setQuery('');
            update({ q: '' });
          }}
          filters={filters}
          appliedFilters={applied}
          onClearAll={() => {
            setQuery('');
            update({
              q: '',
              from: '',
              to: '',
              status: null,
              revision: null,
              station: '',
              group: '',
              user: '',
              corporateGroup: '',
            });
          }}
          tabs={page.variants.map((v) => ({ id: v, content: tKey(t, `sessions.variant.${v}`) }))}
          selected={variantIndex}
          onSelect={(i) =>
            update({ variant: page.variants[i] ?? null, sort: 'cdr_start', direction: 'desc', cols: '' })
          }
          mode={mode}
          setMode={setMode}
          loading={navigation.state === 'loading'}
          cancelAction={{ onAction: () => undefined }}
        />
        <IndexTable
          resourceName={{ singular: t('sessions.title'), plural: t('sessions.title') }}
          itemCount={page.data.length}
          selectable={false}
          emptyState={
            <EmptyState heading={t('sessions.emptyTitle')} image="">
              <p>{t('sessions.emptyBody')}</p>
            </EmptyState>
          }
          sortable={columns.map((c) => sortableKey(c.key))}
          {...(sortColumn >= 0 ? { sortColumnIndex: sortColumn } : {})}
          sortDirection={state.direction === 'asc' ? 'ascending' : 'descending'}
          defaultSortDirection="descending"
          onSort={(index, direction) => {
            const key = columns[index]?.key;
            if (key) update({ sort: key, direction: direction === 'ascending' ? 'asc' : 'desc' });
          }}
          headings={
            columns.map((c) => ({
              title: col(c.key),
              alignment: (['energy', 'money', 'seconds', 'minutes', 'power'].includes(c.kind) ? 'end' : 'start') as
                | 'end'
                | 'start',
            })) as unknown as IndexTableHeadings
          }
          pagination={{
            hasPrevious: state.page > 0,
            hasNext: state.page + 1 < pages,
            onPrevious: () => update({ page: state.page - 1 }),
            onNext: () => update({ page: state.page + 1 }),
            label: `${state.page + 1} / ${pages} · ${t('sessions.count', { count: page.total })}`,
          }}
        >
          {page.data.map((row, index) => (
            <IndexTable.Row
              id={String(row.id)}
              key={String(row.id)}
              position={index}
              onClick={() => navigate(`/sessions/detail/${row.id}`)}
            >
              {columns.map((c) => (
                <IndexTable.Cell key={c.key}>
                  {formatCell(t, c, row[c.key], row, page.currency, language)}
                </IndexTable.Cell>
              ))}
            </IndexTable.Row>
          ))}
          {page.data.length > 0 ? (
            <IndexTable.Row id="sums" position={page.data.length} rowType="subheader">
              {columns.map((c, i) => (
                <IndexTable.Cell key={c.key}>
                  <Text as="span" fontWeight="semibold">
                    {i === 0 ? t('sessions.sums') : formatSum(t, c, page.sums[c.key], page.currency)}
                  </Text>
                </IndexTable.Cell>
              ))}
            </IndexTable.Row>
          ) : null}
        </IndexTable>
      </Card>
      {props.children}
    </BlockStack>
  );
}

type IndexTableHeadings = [{ title: string }, ...{ title: string }[]];
