/**
 * @module Cell values shared by the streaming XLSX and CSV writers, and the neutralisation of
 * spreadsheet formula injection (a text cell starting with = + - @ TAB or CR is prefixed with ').
 */

/** One cell: text, a number, a boolean, or empty (null/undefined). Dates are formatted by the caller. */
export type Cell = string | number | boolean | null | undefined;

export interface ExportColumn {
  /** Header text written in the first row. */
  header: string;
  /** Column width in characters (XLSX only). */
  width?: number;
  /** Number format for numeric cells (XLSX only): integer, 2 or 3 decimals. Default: general. */
  format?: 'integer' | 'decimal2' | 'decimal3';
}

/** Rows may come from an array, a generator or an async generator (a paged database read). */
export type RowSource = Iterable<Cell[]> | AsyncIterable<Cell[]>;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text that a spreadsheet would read as a formula gets a leading apostrophe, so it is shown as
 * typed and never evaluated (OWASP "CSV injection"). Numbers are never touched.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Pulls up to `max` rows from any row source; `done` once the source is exhausted. */
export function rowReader(source: RowSource): (max: number) => Promise<{ rows: Cell[][]; done: boolean }> {
  const it: Iterator<Cell[]> | AsyncIterator<Cell[]> =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<Cell[]>)[Symbol.asyncIterator]()
      : (source as Iterable<Cell[]>)[Symbol.iterator]();
  return async (max) => {
    const rows: Cell[][] = [];
    while (rows.length < max) {
      const next = await it.next();
      if (next.done) return { rows, done: true };
      rows.push(next.value);
    }
    return { rows, done: false };
  };
}
