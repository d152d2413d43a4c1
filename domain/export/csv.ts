/**
 * @module Streaming CSV writer (RFC 4180 quoting, optional UTF-8 BOM so spreadsheet programs read
 * the accents right). Rows are pulled from the source only as fast as the consumer reads, so memory
 * stays bounded whatever the row count. Formula injection is neutralised in every text cell.
 */
import { type Cell, type ExportColumn, neutraliseFormula, type RowSource, rowReader } from './cells';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export interface CsvOptions {
  /** Field separator; `;` suits locales with a decimal comma. Default `,`. */
  separator?: ',' | ';' | '\t';
  /** Prefix a UTF-8 byte order mark. Default true. */
  bom?: boolean;
  /** Rows pulled per chunk. Default 500. */
  chunkRows?: number;
}

/** One CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(value: Cell, separator = ','): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = neutraliseFormula(value);
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: Cell[], separator = ','): string {
  return `${cells.map((c) => csvField(c, separator)).join(separator)}\r\n`;
}

/** The CSV file as a byte stream: header line from `columns`, then one line per row. */
export function csvStream(
  columns: ExportColumn[],
  rows: RowSource,
  options: CsvOptions = {},
): ReadableStream<Uint8Array> {
  const separator = options.separator ?? ',';
  const chunkRows = options.chunkRows ?? 500;
  const encoder = new TextEncoder();
  const read = rowReader(rows);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = '';
      if (!started) {
        started = true;
        text +=
          ((options.bom ?? true) ? '\uFEFF' : '') +
          csvLine(
            columns.map((c) => c.header),
            separator,
          );
      }
      const { rows: batch, done } = await read(chunkRows);
      for (const row of batch) text += csvLine(row, separator);
      if (text) controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
  });
}
