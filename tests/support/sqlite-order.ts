/** @module The order SQLite gives `ORDER BY key dir, id dir`, computed in the test for comparison. */

export type SortValue = number | string | null;

/** `rows` in SQLite's order: NULLs first ascending and last descending, then the id in the same direction. */
export function sqliteOrder<R extends { id: number; values: Record<string, SortValue> }>(
  rows: readonly R[],
  key: string,
  direction: 'asc' | 'desc',
): R[] {
  const sign = direction === 'asc' ? 1 : -1;
  const cmp = (a: SortValue, b: SortValue) => {
    if (a === b) return 0;
    if (a === null) return -1;
    if (b === null) return 1;
    return a < b ? -1 : 1;
  };
  return [...rows].sort((a, b) => sign * (cmp(a.values[key] ?? null, b.values[key] ?? null) || a.id - b.id));
}
