/**
 * @module The session table shared by /connectors/sessions, /connectors/{id}/sessions and
 * /fleet/sessions: variant tabs, IndexFilters (period, station, group, user, corporate group,
 * status, needs revision, keyword), sort, pagination and column sums — all kept in the URL —
 * with the variant's columns only, an empty state and the exports.
 */
import { useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  ChoiceList,
  EmptyState,
  IndexFilters,
  type IndexFiltersProps,
  IndexTable,
  InlineStack,
  Tabs,
  Text,
  TextField,
  useSetIndexFiltersMode,
} from '@shopify/polaris';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionVariant } from '../../../domain/sessions/variants';
import { tKey } from '../../i18n/resources';
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
const ID_FIELDS: { key: IdField; label: string }[] = [
  { key: 'station', label: 'sessions.filter.station' },
  { key: 'group', label: 'sessions.filter.group' },
  { key: 'user', label: 'sessions.filter.user' },
  { key: 'corporateGroup', label: 'sessions.filter.corporateGroup' },
];

function IdFilter({ label, value, onApply }: { label: string; value: string; onApply: (v: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const valid = draft === '' || /^[1-9]\d{0,9}$/.test(draft);
  return (
    <TextField
      label={label}
      labelHidden
      value={draft}
      onChange={setDraft}
      inputMode="numeric"
      autoComplete="off"
      error={valid ? undefined : t('sessions.filter.invalidNumber')}
      onBlur={() => valid && draft !== value && onApply(draft)}
      connectedRight={undefined}
    />
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

  const columns = page.columns;
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
      filter: <IdFilter label={tKey(t, f.label)} value={state[f.key]} onApply={(v) => update({ [f.key]: v })} />,
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
      label: `${tKey(t, f.label)}: ${state[f.key]}`,
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
        {props.exportQuery ? <ExportButtons query={props.exportQuery} /> : null}
      </InlineStack>
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
          onSelect={(i) => update({ variant: page.variants[i] ?? null, sort: 'cdr_start', direction: 'desc' })}
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
