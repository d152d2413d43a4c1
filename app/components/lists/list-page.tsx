/**
 * @module The one list scaffold: IndexFilters (keyword, filters, sort, tabs) over an IndexTable (headings, empty
 * state, pagination), the state in the URL through `useListUrl`, and the export of the filtered list above.
 * A page gives its filters, headings and rows; the wiring between them is written here once.
 */

import { useNavigation } from '@remix-run/react';
import {
  BlockStack,
  Card,
  EmptyState,
  IndexFilters,
  IndexFiltersMode,
  type IndexFiltersProps,
  IndexTable,
  type IndexTableProps,
  useSetIndexFiltersMode,
} from '@shopify/polaris';
import type { ReactNode } from 'react';
import { ExportButtons, type ExportSpec } from '../network/export-button';
import { listPagination } from './list-controls';
import type { ListUrl } from './use-list-url';

type Direction = 'asc' | 'desc';

/** Sort choices "key ascending/descending" for IndexFilters' sort menu. */
export function sortChoices(
  keys: readonly string[],
  label: (key: string) => string,
  directionLabel: (direction: Direction) => string,
): IndexFiltersProps['sortOptions'] {
  return keys.flatMap((key) =>
    (['asc', 'desc'] as const).map((direction) => ({
      label: label(key),
      value: `${key} ${direction}` as const,
      directionLabel: directionLabel(direction),
    })),
  );
}

export interface ListPageProps<S extends { q: string; page: number }, Row> {
  list: ListUrl<S>;
  /** The keyword search's placeholder; without it the list has no search field (its API has no keyword). */
  searchPlaceholder?: string;
  filters?: IndexFiltersProps['filters'];
  appliedFilters?: IndexFiltersProps['appliedFilters'];
  /** The filters "clear all" resets (the keyword is always cleared). */
  cleared: Partial<S>;
  sort?: { options: IndexFiltersProps['sortOptions']; key: string; direction: Direction };
  onSort?: (key: string, direction: Direction) => void;
  /** The tabs over the list; one "all" tab when not given. */
  tabs?: { items: IndexFiltersProps['tabs']; selected: number; onSelect: (index: number) => void };
  allLabel?: string;
  /** The search field opens when the URL carries a keyword, so an active search stays visible. */
  openWhenSearched?: boolean;
  resourceName: string;
  empty: { heading: string; body: string; action?: { content: string; url: string } };
  headings: IndexTableProps['headings'];
  rowCount: number;
  pagination: { total: number; pageSize: number; countLabel: string };
  /** Further IndexTable props: a row selection (`useSelectedCsvExport().tableProps`), column sorting. */
  table?: Partial<IndexTableProps>;
  /** The export of the whole filtered list, above the table. */
  exportSpec?: ExportSpec<Row>;
  children: ReactNode;
}

export function ListPage<S extends { q: string; page: number }, Row>(props: ListPageProps<S, Row>) {
  const { list, sort, onSort, tabs, pagination } = props;
  const { state, update, query, setQuery } = list;
  const navigation = useNavigation();
  const { mode, setMode } = useSetIndexFiltersMode(
    props.openWhenSearched && state.q ? IndexFiltersMode.Filtering : undefined,
  );
  const clearQuery = () => {
    setQuery('');
    update({ q: '' } as Partial<S>);
  };
  return (
    <BlockStack gap="300">
      {props.exportSpec ? <ExportButtons spec={props.exportSpec} /> : null}
      <Card padding="0">
        <IndexFilters
          {...(sort && onSort
            ? {
                sortOptions: sort.options,
                sortSelected: [`${sort.key} ${sort.direction}`],
                onSort: ([value]: string[]) => {
                  const [key = sort.key, direction] = (value ?? `${sort.key} ${sort.direction}`).split(' ');
                  onSort(key, direction === 'desc' ? 'desc' : 'asc');
                },
              }
            : {})}
          queryValue={query}
          queryPlaceholder={props.searchPlaceholder}
          hideQueryField={props.searchPlaceholder === undefined}
          onQueryChange={setQuery}
          onQueryClear={clearQuery}
          filters={props.filters ?? []}
          appliedFilters={props.appliedFilters}
          onClearAll={() => {
            setQuery('');
            update({ ...props.cleared, q: '' });
          }}
          tabs={tabs?.items ?? [{ id: 'all', content: props.allLabel ?? '' }]}
          selected={tabs?.selected ?? 0}
          onSelect={tabs?.onSelect}
          mode={mode}
          setMode={setMode}
          loading={navigation.state === 'loading'}
          cancelAction={{ onAction: () => undefined }}
        />
        <IndexTable
          resourceName={{ singular: props.resourceName, plural: props.resourceName }}
          itemCount={props.rowCount}
          selectable={Boolean(props.table?.onSelectionChange)}
          emptyState={
            <EmptyState heading={props.empty.heading} action={props.empty.action} image="">
              <p>{props.empty.body}</p>
            </EmptyState>
          }
          headings={props.headings}
          pagination={listPagination(
            state.page,
            pagination.total,
            pagination.pageSize,
            (page) => update({ page } as Partial<S>),
            pagination.countLabel,
          )}
          {...props.table}
        >
          {props.children}
        </IndexTable>
      </Card>
    </BlockStack>
  );
}
