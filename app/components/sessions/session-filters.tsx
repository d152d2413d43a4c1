/**
 * @module The session list's filters: period, status, needs revision, and pickers with search for station, group,
 * user and corporate group (their names fetched for a shared link), with the applied chips; and the column choice.
 */
import type { SessionVariant } from '@domain/sessions/variants';
import { columnsParam, defaultColumns } from '@domain/sessions/visible-columns';
import { BlockStack, Box, Button, ChoiceList, type IndexFiltersProps, Popover, TextField } from '@shopify/polaris';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { type PickerOption, SearchPicker } from '../key-hangers/search-picker';
import type { ColumnInfo } from './cells';
import type { SessionListState } from './list-state';

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
export function useFilterLabels(state: SessionListState): Partial<Record<IdField, PickerOption>> {
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
export function ColumnPicker(props: {
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

/** The IndexFilters filters and applied chips of a session list state. */
export function sessionFilterParts(
  t: TFunction,
  state: SessionListState,
  update: (changes: Partial<SessionListState>) => void,
  labels: Partial<Record<IdField, PickerOption>>,
) {
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

  return { filters, applied };
}

/** What "clear all" resets. */
export const NO_SESSION_FILTERS: Partial<SessionListState> = {
  from: '',
  to: '',
  status: null,
  revision: null,
  station: '',
  group: '',
  user: '',
  corporateGroup: '',
};
