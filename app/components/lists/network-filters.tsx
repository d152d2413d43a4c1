/** @module The IndexFilters pieces (filter pickers and applied chips) of the filters the connector and station lists share. */

import { POWER_TYPES } from '@domain/stations/statuses';
import { ChoiceList, type IndexFiltersProps } from '@shopify/polaris';
import type { TFunction } from 'i18next';
import { tKey } from '../../i18n/resources';
import { STATUS_TONES } from '../../lib/connector-status';
import type { NetworkFilters } from '../../lib/network-filters';
import {
  type CompanyGroupOptions,
  CompanyGroupPicker,
  describeGroups,
  fieldOf,
  levelOfGroup,
} from '../company-groups/company-group-picker';

type Filter = IndexFiltersProps['filters'][number];
type Applied = NonNullable<IndexFiltersProps['appliedFilters']>[number];
type Named = readonly { id: number; name: string }[];

const BUCKETS = Object.keys(STATUS_TONES);
export const POWER_LABEL: Record<string, string> = {
  AC_1_PHASE: 'connectorList.ac1',
  AC_3_PHASE: 'connectorList.ac3',
  DC: 'connectorList.dc',
};

/**
 * Filter pickers and applied chips for status, city, power type and operator/owner/group, keyed so a page can
 * place its own filters between them. `labels` are already translated.
 */
export function networkFilterParts(args: {
  t: TFunction;
  state: NetworkFilters;
  update: (changes: Partial<NetworkFilters>) => void;
  labels: Record<'status' | 'city' | 'power' | 'operator' | 'owner' | 'group', string>;
  cities: readonly string[];
  options: { operators: Named; owners: Named; groups: Named };
  /** When given, the company-group filter is the level-labelled picker: one group per level, combined with AND. */
  companyGroups?: CompanyGroupOptions;
}) {
  const { t, state, update, labels, cities, options, companyGroups } = args;
  const single = [
    ['operator', labels.operator, options.operators],
    ['owner', labels.owner, options.owners],
    ['group', labels.group, options.groups],
  ] as const;
  const named = (list: Named, id: number) => list.find((o) => o.id === id)?.name ?? String(id);
  // One group per level (group1..group4). An older link's `group` (any level) shows at its level, and
  // the first change in the picker turns it into the per-level filter.
  const legacyLevel = levelOfGroup(companyGroups, state.group);
  const pickedGroups = legacyLevel ? { ...state.groups, [fieldOf(legacyLevel)]: state.group } : state.groups;
  const groupPicker = (label: string): Filter => ({
    key: 'group',
    label,
    filter: (
      <CompanyGroupPicker
        options={companyGroups}
        value={pickedGroups}
        onChange={(groups) => update({ groups, group: null })}
      />
    ),
  });

  const filters = {
    status: {
      key: 'status',
      label: labels.status,
      shortcut: true,
      filter: (
        <ChoiceList
          title={labels.status}
          titleHidden
          allowMultiple
          choices={BUCKETS.map((b) => ({ label: tKey(t, `overview.status.${b}`), value: b }))}
          selected={state.status}
          onChange={(status) => update({ status })}
        />
      ),
    },
    city: {
      key: 'city',
      label: labels.city,
      shortcut: true,
      filter: (
        <ChoiceList
          title={labels.city}
          titleHidden
          allowMultiple
          choices={cities.map((c) => ({ label: c, value: c }))}
          selected={state.city}
          onChange={(city) => update({ city })}
        />
      ),
    },
    power: {
      key: 'power',
      label: labels.power,
      filter: (
        <ChoiceList
          title={labels.power}
          titleHidden
          choices={POWER_TYPES.map((p) => ({ label: tKey(t, POWER_LABEL[p] ?? p), value: p }))}
          selected={state.power ? [state.power] : []}
          onChange={(power) => update({ power: power[0] ?? null })}
        />
      ),
    },
    single: single.map(
      ([key, label, choices]): Filter =>
        key === 'group' && companyGroups
          ? groupPicker(label)
          : {
              key,
              label,
              filter: (
                <ChoiceList
                  title={label}
                  titleHidden
                  choices={choices.map((c) => ({ label: c.name, value: String(c.id) }))}
                  selected={state[key] ? [String(state[key])] : []}
                  onChange={([value]) => update({ [key]: value ? Number(value) : null })}
                />
              ),
            },
    ),
  } satisfies Record<string, Filter | Filter[]>;

  const applied = {
    status: state.status.length
      ? [
          {
            key: 'status',
            label: `${labels.status}: ${state.status.map((s) => tKey(t, `overview.status.${s}`)).join(', ')}`,
            onRemove: () => update({ status: [] }),
          },
        ]
      : [],
    city: state.city.length
      ? [{ key: 'city', label: `${labels.city}: ${state.city.join(', ')}`, onRemove: () => update({ city: [] }) }]
      : [],
    power: state.power
      ? [
          {
            key: 'power',
            label: `${labels.power}: ${tKey(t, POWER_LABEL[state.power] ?? state.power)}`,
            onRemove: () => update({ power: null }),
          },
        ]
      : [],
    single: single.flatMap(([key, label, list]): Applied[] => {
      if (key === 'group' && companyGroups) {
        // One chip per chosen level ("Region: North"); removing it clears that level only.
        return describeGroups(companyGroups, pickedGroups).map((g) => ({
          key: `group${g.level}`,
          label: `${label}: ${g.text}`,
          onRemove: () => update({ groups: { ...pickedGroups, [g.field]: null }, group: null }),
        }));
      }
      const value = state[key];
      if (!value) return [];
      return [{ key, label: `${label}: ${named(list, value)}`, onRemove: () => update({ [key]: null }) }];
    }),
  } satisfies Record<string, Applied[]>;

  return { filters, applied };
}
