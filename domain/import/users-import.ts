/**
 * @module Fleet user import (spec 7.8 `users/import`, `users/import/uuid`): the template's columns,
 * the header row matched to them, and each row checked with the wizard's own rules (spec section 5)
 * as far as a row alone decides: e-mail, permissions, license plate, limits, texts. What needs the
 * database (unique e-mail, corporate group of the scope, RFID UUIDs) is checked by the API.
 * The public charging permission is never imported: the spec has it set by hand after import.
 */
import {
  emailError,
  hasChargingPermission,
  type LimitUnitKind,
  licensePlateError,
  normalizePlate,
  parseLimit,
} from '../fleet/validation';
import type { MessageKey } from '../i18n/messages';
import type { CellValue, SheetRow } from './xlsx-reader';

export type ImportVariant = 'standard' | 'uuid';

export interface ImportColumn {
  key: string;
  required: boolean;
  kind: 'text' | 'email' | 'flag' | 'limit' | 'group' | 'uuid' | 'plate';
  max?: number;
}

const COMMON: ImportColumn[] = [
  { key: 'email', required: true, kind: 'email' },
  { key: 'first_name', required: false, kind: 'text', max: 120 },
  { key: 'last_name', required: false, kind: 'text', max: 120 },
  { key: 'telephone', required: false, kind: 'text', max: 40 },
  { key: 'corporate_group', required: true, kind: 'group', max: 120 },
  { key: 'license_plate', required: false, kind: 'plate', max: 20 },
  { key: 'employee_number', required: false, kind: 'text', max: 60 },
  { key: 'cost_center', required: false, kind: 'text', max: 60 },
  { key: 'can_charge_work', required: false, kind: 'flag' },
  { key: 'can_charge_home', required: false, kind: 'flag' },
  { key: 'only_private', required: false, kind: 'flag' },
  { key: 'charge_only_with_rfid', required: false, kind: 'flag' },
  { key: 'daily_limit', required: false, kind: 'limit' },
  { key: 'weekly_limit', required: false, kind: 'limit' },
  { key: 'monthly_limit', required: false, kind: 'limit' },
];

const UUID_COLUMNS: ImportColumn[] = [
  { key: 'rfid_uuid', required: true, kind: 'uuid', max: 20 },
  { key: 'rfid_code', required: false, kind: 'text', max: 40 },
];

export function importColumns(variant: ImportVariant): ImportColumn[] {
  return variant === 'uuid' ? [...COMMON, ...UUID_COLUMNS] : COMMON;
}

/** Rows of data a file may hold (the header row not counted). */
export const MAX_IMPORT_ROWS = 5000;

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

export interface ImportedRow {
  row: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  telephone: string | null;
  corporateGroup: string;
  licensePlate: string | null;
  employeeNumber: string | null;
  costCenter: string | null;
  canChargeWork: boolean;
  canChargeHome: boolean;
  onlyPrivate: boolean;
  chargeOnlyWithRfid: boolean;
  /** Parsed in the company's unit: whole kWh, or minor currency units; null = no limit. */
  limits: { daily: number | null; weekly: number | null; monthly: number | null };
  hasLimits: boolean;
  rfidUuid: string | null;
  rfidCode: string | null;
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

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'x', 'oui', 'ja', 'si', 'sí', 'sim', 'vrai', 'wahr']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', '', 'non', 'nein', 'nee', 'não', 'nao', 'faux', 'falsch']);

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

/** Matches the header row to the variant's columns; the public permission is never imported. */
export function mapHeader(header: SheetRow | undefined, variant: ImportVariant): HeaderMap {
  return mapColumns(header, importColumns(variant), {
    refuse: (key) => (key === 'can_charge_public' || key === 'public' ? 'importPublicNotImported' : null),
  });
}

export interface RowContext {
  variant: ImportVariant;
  mandatoryLicensePlate: boolean;
  limitUnit: LimitUnitKind;
}

/** One data row checked on its own; the row is null when any issue was found. */
export function parseRow(
  sheetRow: SheetRow,
  header: HeaderMap,
  ctx: RowContext,
): { row: ImportedRow | null; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const raw = (key: string) => sheetRow.cells.get(header.columns.get(key) ?? -1);
  const add = (column: string, message: MessageKey, params?: Record<string, string | number>) =>
    issues.push({ row: sheetRow.row, column, value: cellText(raw(column)), message, ...(params ? { params } : {}) });
  const text = (c: ImportColumn): string | null => {
    const cell = raw(c.key);
    if (!cell) return null;
    if (cell.kind === 'formula') {
      add(c.key, 'importFormula');
      return null;
    }
    if (cell.kind === 'error') {
      add(c.key, 'importCellError');
      return null;
    }
    const value = cellText(cell).trim();
    if (c.max !== undefined && value.length > c.max) {
      add(c.key, 'importTooLong', { max: c.max });
      return null;
    }
    return value === '' ? null : value;
  };
  const values = new Map<string, string | null>();
  for (const c of importColumns(ctx.variant)) values.set(c.key, text(c));
  const formulaOrError = new Set(issues.map((i) => i.column));

  const email = (values.get('email') ?? '').toLowerCase();
  if (!formulaOrError.has('email')) {
    const e = emailError(email);
    if (e) add('email', e);
    else if (email.length > 254) add('email', 'emailInvalid');
  }
  const group = values.get('corporate_group') ?? '';
  if (!formulaOrError.has('corporate_group') && group === '') add('corporate_group', 'corporateGroupRequired');

  const flag = (key: string): boolean => {
    const cell = raw(key);
    if (!cell || formulaOrError.has(key)) return false;
    if (cell.kind === 'boolean') return cell.value;
    const word = cellText(cell).trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (!FALSE_WORDS.has(word)) add(key, 'importFlagInvalid');
    return false;
  };
  const canChargeWork = flag('can_charge_work');
  const canChargeHome = flag('can_charge_home');
  const onlyPrivate = flag('only_private');
  const chargeOnlyWithRfid = flag('charge_only_with_rfid');
  if (
    !hasChargingPermission({
      can_charge_public: false,
      can_charge_work: canChargeWork,
      can_charge_home: canChargeHome,
      only_private: onlyPrivate,
    }) &&
    !issues.some((i) => ['can_charge_work', 'can_charge_home', 'only_private'].includes(i.column))
  ) {
    add('can_charge_work', 'chargingPermissionRequired');
  }

  const plate = values.get('license_plate') ?? null;
  if (!formulaOrError.has('license_plate')) {
    const e = licensePlateError(plate, ctx.mandatoryLicensePlate);
    if (e) add('license_plate', e);
  }

  const limits = { daily: null as number | null, weekly: null as number | null, monthly: null as number | null };
  let hasLimits = false;
  for (const period of ['daily', 'weekly', 'monthly'] as const) {
    const key = `${period}_limit`;
    const cell = raw(key);
    if (!cell || formulaOrError.has(key)) continue;
    const input = cell.kind === 'number' ? cell.value : cellText(cell);
    const parsed = parseLimit(input, ctx.limitUnit);
    if (!parsed.ok) add(key, parsed.error);
    else {
      limits[period] = parsed.value;
      if (cellText(cell).trim() !== '') hasLimits = true;
    }
  }

  let rfidUuid: string | null = null;
  if (ctx.variant === 'uuid' && !formulaOrError.has('rfid_uuid')) {
    const uuid = (values.get('rfid_uuid') ?? '').toUpperCase();
    if (uuid === '') add('rfid_uuid', 'rfidFieldMissing');
    else if (!/^[\x21-\x7e]+$/.test(uuid)) add('rfid_uuid', 'importUuidInvalid');
    else rfidUuid = uuid;
  }

  if (issues.length > 0) return { row: null, issues };
  return {
    row: {
      row: sheetRow.row,
      email,
      firstName: values.get('first_name') ?? null,
      lastName: values.get('last_name') ?? null,
      telephone: values.get('telephone') ?? null,
      corporateGroup: group,
      licensePlate: plate ? normalizePlate(plate) : null,
      employeeNumber: values.get('employee_number') ?? null,
      costCenter: values.get('cost_center') ?? null,
      canChargeWork,
      canChargeHome,
      onlyPrivate,
      chargeOnlyWithRfid,
      limits,
      hasLimits,
      rfidUuid,
      rfidCode: ctx.variant === 'uuid' ? (values.get('rfid_code') ?? null) : null,
    },
    issues,
  };
}

/** Duplicates inside the file: the second and later rows with an e-mail (or RFID UUID) already used above. */
export function duplicateIssues(rows: ImportedRow[]): RowIssue[] {
  const issues: RowIssue[] = [];
  const emails = new Map<string, number>();
  const uuids = new Map<string, number>();
  const codes = new Map<string, number>();
  for (const r of rows) {
    const first = emails.get(r.email);
    if (first !== undefined)
      issues.push({
        row: r.row,
        column: 'email',
        value: r.email,
        message: 'importDuplicateInFile',
        params: { row: first },
      });
    else emails.set(r.email, r.row);
    if (r.rfidUuid) {
      const firstUuid = uuids.get(r.rfidUuid);
      if (firstUuid !== undefined)
        issues.push({
          row: r.row,
          column: 'rfid_uuid',
          value: r.rfidUuid,
          message: 'importDuplicateInFile',
          params: { row: firstUuid },
        });
      else uuids.set(r.rfidUuid, r.row);
    }
    if (r.rfidCode) {
      const firstCode = codes.get(r.rfidCode);
      if (firstCode !== undefined)
        issues.push({
          row: r.row,
          column: 'rfid_code',
          value: r.rfidCode,
          message: 'importDuplicateInFile',
          params: { row: firstCode },
        });
      else codes.set(r.rfidCode, r.row);
    }
  }
  return issues;
}
