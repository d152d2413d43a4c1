/**
 * @module Key hanger (RFID card) import: the template's columns, the header matched to them, and each
 * row checked on its own with the rules of the key hanger form (spec section 5: a UUID is required,
 * the visual code is generated when absent). What needs the database (UUID already taken, the user
 * of the scope) is checked by the API, which then applies the whole file or nothing.
 */
import type { MessageKey } from '@i18n/messages';
import { cellText, type HeaderMap, mapColumns, type RowIssue } from './users-import';
import type { CellValue, SheetRow } from './xlsx-reader';

export const KEYFOB_IMPORT_COLUMNS = [
  { key: 'uuid', required: true, max: 20 },
  { key: 'code', required: false, max: 32 },
  { key: 'type', required: false, max: 20 },
  { key: 'parent_id_tag', required: false, max: 20 },
  { key: 'expires_at', required: false, max: 40 },
  { key: 'user_email', required: false, max: 254 },
] as const;

export type KeyfobColumn = (typeof KEYFOB_IMPORT_COLUMNS)[number]['key'];

/** The media a fleet hands out (the spec names a type without its values). */
export const KEYFOB_TYPES = ['rfid', 'keyfob', 'sticker'] as const;
export type KeyfobType = (typeof KEYFOB_TYPES)[number];

/** Rows of data a file may hold (the header row not counted). */
export const MAX_KEYFOB_IMPORT_ROWS = 5000;

/** An OCPP IdToken: CiString20 of printable characters without spaces. */
export const ID_TOKEN = /^[\x21-\x7e]{1,20}$/;

export interface ImportedKeyfob {
  row: number;
  uuid: string;
  code: string | null;
  type: KeyfobType;
  parentIdTag: string | null;
  expiresAt: Date | null;
  userEmail: string | null;
}

const ALIASES: Record<string, KeyfobColumn> = {
  rfid_uuid: 'uuid',
  id_tag: 'uuid',
  idtag: 'uuid',
  key_hanger_code: 'code',
  visual_code: 'code',
  rfid_code: 'code',
  parent_id: 'parent_id_tag',
  parentidtag: 'parent_id_tag',
  group_id: 'parent_id_tag',
  expiry: 'expires_at',
  expiry_date: 'expires_at',
  email: 'user_email',
  user: 'user_email',
};

export function mapKeyfobHeader(header: SheetRow | undefined): HeaderMap {
  return mapColumns(header, KEYFOB_IMPORT_COLUMNS, { keyOf: (raw) => ALIASES[raw] ?? raw });
}

/**
 * An expiry as typed: a date alone means the card is valid through that day and expires when it
 * ends (midnight UTC after it); a date and time (ISO 8601, UTC unless an offset is given) is the
 * instant itself. Null when it is neither.
 */
export function parseExpiry(text: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = new Date(Date.UTC(y, m - 1, d));
    if (start.getUTCFullYear() !== y || start.getUTCMonth() !== m - 1 || start.getUTCDate() !== d) return null;
    return new Date(start.getTime() + 86_400_000);
  }
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text)) return null;
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  const at = new Date(withZone.replace(' ', 'T'));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** One data row checked on its own; the row is null when any issue was found. */
export function parseKeyfobRow(
  sheetRow: SheetRow,
  header: HeaderMap,
): { row: ImportedKeyfob | null; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const raw = (key: KeyfobColumn): CellValue | undefined => sheetRow.cells.get(header.columns.get(key) ?? -1);
  const add = (column: KeyfobColumn, message: MessageKey, params?: Record<string, string | number>) =>
    issues.push({ row: sheetRow.row, column, value: cellText(raw(column)), message, ...(params ? { params } : {}) });
  const values = new Map<KeyfobColumn, string | null>();
  for (const c of KEYFOB_IMPORT_COLUMNS) {
    const cell = raw(c.key);
    let value: string | null = null;
    if (cell?.kind === 'formula') add(c.key, 'importFormula');
    else if (cell?.kind === 'error') add(c.key, 'importCellError');
    else if (cell) {
      const text = cellText(cell).trim();
      if (text.length > c.max) add(c.key, 'importTooLong', { max: c.max });
      else value = text === '' ? null : text;
    }
    values.set(c.key, value);
  }
  const failed = new Set(issues.map((i) => i.column));

  const uuid = (values.get('uuid') ?? '').toUpperCase();
  if (!failed.has('uuid')) {
    if (uuid === '') add('uuid', 'rfidFieldMissing');
    else if (!ID_TOKEN.test(uuid)) add('uuid', 'importUuidInvalid');
  }
  const parent = values.get('parent_id_tag')?.toUpperCase() ?? null;
  if (parent !== null && !ID_TOKEN.test(parent)) add('parent_id_tag', 'importUuidInvalid');
  const typeText = (values.get('type') ?? 'rfid').toLowerCase();
  const type = KEYFOB_TYPES.find((t) => t === typeText);
  if (!type && !failed.has('type')) add('type', 'keyfobImportTypeInvalid', { types: KEYFOB_TYPES.join(', ') });
  let expiresAt: Date | null = null;
  const expiry = raw('expires_at');
  if (expiry && !failed.has('expires_at')) {
    expiresAt = parseExpiry(expiry.kind === 'date' ? expiry.iso : (values.get('expires_at') ?? ''));
    if (!expiresAt && values.get('expires_at') !== null) add('expires_at', 'stationImportDateInvalid');
  }
  const email = values.get('user_email')?.toLowerCase() ?? null;

  if (issues.length > 0 || !type) return { row: null, issues };
  return {
    row: {
      row: sheetRow.row,
      uuid,
      code: values.get('code') ?? null,
      type,
      parentIdTag: parent,
      expiresAt,
      userEmail: email,
    },
    issues,
  };
}

/** Duplicates inside the file: a UUID or a visual code already used on an earlier row. */
export function duplicateKeyfobIssues(rows: ImportedKeyfob[]): RowIssue[] {
  const issues: RowIssue[] = [];
  const seen = { uuid: new Map<string, number>(), code: new Map<string, number>() };
  for (const r of rows) {
    for (const column of ['uuid', 'code'] as const) {
      const value = r[column];
      if (!value) continue;
      const first = seen[column].get(value);
      if (first === undefined) seen[column].set(value, r.row);
      else issues.push({ row: r.row, column, value, message: 'importDuplicateInFile', params: { row: first } });
    }
  }
  return issues;
}
