/** @module Single-choice filters of a list page: each one's IndexFilters picker and applied chip, from one description. */
import { ChoiceList, type IndexFiltersProps } from '@shopify/polaris';

type Filter = IndexFiltersProps['filters'][number];
type Applied = NonNullable<IndexFiltersProps['appliedFilters']>[number];

export interface ChoiceFilter {
  key: string;
  /** Already translated. */
  label: string;
  choices: readonly { value: string; label: string }[];
  /** The chosen value (from the list's URL state), null for no filter. */
  value: string | null;
  onChange: (value: string | null) => void;
  shortcut?: boolean;
}

/** The pickers and chips (`label: choice`, removable) of the given filters, for ListPage's filters and appliedFilters. */
export function choiceFilters(list: readonly ChoiceFilter[]): { filters: Filter[]; applied: Applied[] } {
  return {
    filters: list.map((f) => ({
      key: f.key,
      label: f.label,
      shortcut: f.shortcut ?? true,
      filter: (
        <ChoiceList
          title={f.label}
          titleHidden
          choices={f.choices.map((c) => ({ value: c.value, label: c.label }))}
          selected={f.value ? [f.value] : []}
          onChange={([value]) => f.onChange(value ?? null)}
        />
      ),
    })),
    applied: list.flatMap((f) => {
      if (!f.value) return [];
      const chosen = f.choices.find((c) => c.value === f.value)?.label ?? f.value;
      return [{ key: f.key, label: `${f.label}: ${chosen}`, onRemove: () => f.onChange(null) }];
    }),
  };
}
