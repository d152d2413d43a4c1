/**
 * @module The header row of an imported sheet matched to known columns (shared by the user, key fob
 * and station imports), the issue type every import reports, and a cell as text for matching and reports.
 */
import type { MessageKey } from '@i18n/messages';
import type { CellValue, SheetRow } from './xlsx-reader';

export interface RowIssue {
  /** Spreadsheet row number (1 is the header). */
  row: number;
  /** Column key, or '' for the whole file/row. */
  column: string;
  /** The value as read (text), '' when empty. */
  value: string;
  message: MessageKey;
  params?: Record<string, string | number>;
}

/** Header spellings people type for a column key. */
const ALIASES: Record<string, string> = { e_mail: 'email', mail: 'email', rfid: 'rfid_uuid', uuid: 'rfid_uuid' };

/** A header cell as a column key: case, spaces, hyphens and dots do not matter ("First name" → first_name). */
export function headerKey(text: string): string {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return ALIASES[key] ?? key;
}

/** The cell as text for matching and the report; numbers as typed, dates as ISO. */
export function cellText(cell: CellValue | undefined): string {
  if (!cell) return '';
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'number':
      return String(cell.value);
    case 'date':
      return cell.iso;
    case 'boolean':
      return cell.value ? 'TRUE' : 'FALSE';
    case 'formula':
      return `=${cell.formula}`;
    case 'error':
      return cell.code;
  }
}

export interface HeaderMap {
  /** Column index per column key. */
  columns: Map<string, number>;
  issues: RowIssue[];
}

/**
 * Matches a header row (row 1) to known columns, shared by every import: unknown, duplicate and missing
 * required columns are issues. `keyOf` maps a normalised header to a column key (aliases); `refuse`
 * answers the issue of a header that must not be imported, or null.
 */
export function mapColumns(
  header: SheetRow | undefined,
  known: readonly { key: string; required?: boolean }[],
  options: { keyOf?: (raw: string) => string; refuse?: (key: string) => MessageKey | null } = {},
): HeaderMap {
  const columns = new Map<string, number>();
  const issues: RowIssue[] = [];
  if (header?.row !== 1) {
    issues.push({ row: 1, column: '', value: '', message: 'importHeaderMissing' });
    return { columns, issues };
  }
  for (const [index, cell] of [...header.cells].sort((a, b) => a[0] - b[0])) {
    const text = cellText(cell);
    const raw = headerKey(text);
    const key = options.keyOf ? options.keyOf(raw) : raw;
    if (key === '') continue;
    const refused = options.refuse?.(key) ?? null;
    if (refused) issues.push({ row: 1, column: text, value: text, message: refused });
    else if (!known.some((c) => c.key === key)) {
      issues.push({ row: 1, column: text, value: text, message: 'importUnknownColumn' });
    } else if (columns.has(key)) {
      issues.push({ row: 1, column: key, value: text, message: 'importDuplicateColumn' });
    } else columns.set(key, index);
  }
  for (const c of known) {
    if (c.required && !columns.has(c.key))
      issues.push({ row: 1, column: c.key, value: '', message: 'importColumnMissing' });
  }
  return { columns, issues };
}
