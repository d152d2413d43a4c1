/**
 * @module The session list as a PDF: the same variant columns, projection and display rules as
 * the XLSX export (exportCells: CET times, h:mm:ss, "unpriced" never 0, QR sessions without the
 * other parties' prices), numbers written with the decimal comma of the screens, and the column
 * sums of the exported rows at the end (priced sessions only; QR sessions only in provider sums).
 * Sums are added up as the rows stream past, in integer units, so they match the printed rows.
 */
import { formatDecimal } from '../format/format';
import { cetDateTime, duration } from '../sessions/display';
import { type ExportTexts, exportCells } from '../sessions/export-rows';
import type { SessionColumn } from '../sessions/variants';
import type { Cell } from './cells';
import { type PdfTableColumn, pdfTableStream } from './pdf-table';

export interface SessionPdfTexts extends ExportTexts {
  title: string;
  /** Lines under the title: generation time, filters, order, units. */
  intro: string[];
  /** "Page {{page}} of {{pages}}". */
  page: string;
  sums: string;
  /** Notes after the table; called with the counts once every row is out. */
  notes: (counts: { rows: number; unpriced: number; qr: number }) => string[];
}

const NUMERIC = new Set(['energy', 'money', 'power', 'minutes', 'seconds']);
/** Columns never cut to fit: numbers, times, flags and statuses. */
const KEEP = new Set([...NUMERIC, 'datetime', 'flag', 'status']);

/** One display cell of the PDF for a column (exportCells' value, numbers with a decimal comma). */
export function pdfCell(value: Cell, col: SessionColumn, currency: string): Cell {
  if (typeof value !== 'number') return value;
  switch (col.kind) {
    case 'energy':
      return formatDecimal(value, 3, currency);
    case 'money':
      return formatDecimal(value, col.key === 'owner_cost_per_kwh' ? 4 : 2, currency);
    case 'power':
      return formatDecimal(value, 1, currency);
    case 'minutes':
      return String(Math.round(value));
    default:
      return String(value);
  }
}

/** Sums of one column as it would appear in the footer, from the raw stored units. */
function sumCell(col: SessionColumn, total: number | null, currency: string): Cell {
  if (total === null) return null;
  switch (col.kind) {
    case 'energy':
      return formatDecimal(total / 1000, 3, currency);
    case 'seconds':
      return duration(total);
    case 'money':
      return formatDecimal(total / 100, 2, currency);
    default:
      return String(total);
  }
}

/** The PDF of the session rows `records` (already projected for the variant) with `columns`. */
export function sessionPdfStream(
  columns: readonly SessionColumn[],
  records: AsyncIterable<Record<string, Cell>> | Iterable<Record<string, Cell>>,
  texts: SessionPdfTexts,
  options: { currency: string; footer?: string; compress?: boolean; created?: Date },
): ReadableStream<Uint8Array> {
  const { currency } = options;
  const summed = columns.map((col) => Boolean(col.sum));
  const sums: (number | null)[] = columns.map(() => null);
  const counts = { rows: 0, unpriced: 0, qr: 0 };
  const head: PdfTableColumn[] = columns.map((col) => ({
    header: texts.header(col.key),
    ...(NUMERIC.has(col.kind) ? { align: 'right' as const } : {}),
    ...(KEEP.has(col.kind) ? { keep: true } : {}),
  }));

  function add(record: Record<string, Cell>): void {
    counts.rows++;
    const priced = record.pricing_status === 'priced';
    if (!priced) counts.unpriced++;
    if (record.qr_payment) counts.qr++;
    columns.forEach((col, i) => {
      if (!summed[i]) return;
      const v = record[col.key];
      if (typeof v !== 'number') return;
      if (col.kind === 'money' && (!priced || (record.qr_payment && col.party !== 'emp'))) return;
      sums[i] = (sums[i] ?? 0) + v;
    });
  }

  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const record of records) {
      add(record);
      yield exportCells(record, columns, texts).map((v, i) => pdfCell(v, columns[i] as SessionColumn, currency));
    }
  }

  return pdfTableStream(head, rows(), {
    title: texts.title,
    intro: texts.intro,
    pageLabel: texts.page,
    ...(options.footer ? { footer: options.footer } : {}),
    ...(options.compress === undefined ? {} : { compress: options.compress }),
    ...(options.created ? { created: options.created } : {}),
    end: () => {
      const cells = columns.map((col, i) => (summed[i] ? sumCell(col, sums[i] ?? null, currency) : null));
      if (!summed[0]) cells[0] = texts.sums;
      return { sums: cells, notes: texts.notes({ ...counts }) };
    },
  });
}

/** Generation time as shown on the first page (CET, with seconds). */
export function generatedAt(now: Date, language: string): string {
  return cetDateTime(now, language, true);
}
