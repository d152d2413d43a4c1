/** @module Shared pieces of the URL-driven list screens: debounced search, pagination, "export selected" bulk action. */

import type { Cell, ExportColumn } from '@domain/export';
import { type IndexTableProps, useIndexResourceState } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { exportRowsCsv } from '../network/export-button';

/**
 * The search field's text, applied to the URL after a 300 ms pause rather than on every key.
 * `applied` is the keyword the URL currently carries; `apply` writes a new one.
 */
export function useDebouncedSearch(applied: string, apply: (q: string) => void) {
  const [query, setQuery] = useState(applied);
  useEffect(() => {
    if (query === applied) return;
    const timer = setTimeout(() => apply(query), 300);
    return () => clearTimeout(timer);
  }, [query, applied, apply]);
  return [query, setQuery] as const;
}

/** Pagination (IndexTable's or a Polaris Pagination's props) for a zero-based page in the URL: "page / pages · count", or "page / pages" without a count label. */
export function listPagination(
  page: number,
  total: number,
  pageSize: number,
  goTo: (page: number) => void,
  countLabel: string,
): NonNullable<IndexTableProps['pagination']> {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return {
    hasPrevious: page > 0,
    hasNext: page + 1 < pages,
    onPrevious: () => goTo(page - 1),
    onNext: () => goTo(page + 1),
    label: countLabel ? `${page + 1} / ${pages} · ${countLabel}` : `${page + 1} / ${pages}`,
  };
}

/**
 * Row selection for an IndexTable with one promoted bulk action that saves the chosen rows of the page as CSV
 * (`<fileName>.csv`), then clears the selection. Spread `tableProps` on the IndexTable; use `isSelected` per row.
 */
export function useSelectedCsvExport<R extends { id: number }>(options: {
  rows: readonly R[];
  columns: ExportColumn[];
  toRow: (row: R) => Cell[];
  fileName: string;
  label: string;
  /**
   * When given and the list has more rows than the page, the table offers "select all matching rows"
   * (`allMatching`); the CSV action then steps aside, since it only has the page's rows.
   */
  matching?: { total: number; selectAllText: string; allSelectedText: string };
}) {
  const { rows, columns, toRow, fileName, label, matching } = options;
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(
    rows.map((r) => ({ id: String(r.id) })),
  );
  const hasMore = matching !== undefined && matching.total > rows.length;
  const allMatching = hasMore && allResourcesSelected;
  const tableProps = {
    selectedItemsCount: allResourcesSelected ? ('All' as const) : selectedResources.length,
    onSelectionChange: handleSelectionChange,
    ...(hasMore
      ? {
          hasMoreItems: true,
          paginatedSelectAllActionText: matching.selectAllText,
          paginatedSelectAllText: matching.allSelectedText,
        }
      : {}),
    promotedBulkActions: allMatching
      ? []
      : [
          {
            content: label,
            onAction: async () => {
              const chosen = rows.filter((r) => allResourcesSelected || selectedResources.includes(String(r.id)));
              await exportRowsCsv(columns, chosen.map(toRow), fileName);
              clearSelection();
            },
          },
        ],
  } satisfies Partial<IndexTableProps>;
  const selectedIds = rows
    .filter((r) => allResourcesSelected || selectedResources.includes(String(r.id)))
    .map((r) => r.id);
  return {
    tableProps,
    isSelected: (id: number) => allMatching || selectedResources.includes(String(id)),
    selectedIds,
    /** Every row the list's filter matches is selected, on every page (not only the ids in `selectedIds`). */
    allMatching,
    clearSelection,
  };
}
