/**
 * @module Fleet user import (spec 7.8 `users/import`, `users/import/uuid`): the template's columns,
 * the header row matched to them, and each row checked with the wizard's own rules (spec section 5)
 * as far as a row alone decides: e-mail, permissions, license plate, limits, texts. What needs the
 * database (unique e-mail, corporate group of the scope, RFID UUIDs) is checked by the API.
 * The public charging permission is never imported: the spec has it set by hand after import.
 */
import { type HeaderMap, mapColumns, type RowIssue } from './header-map';
import { type ImportedRow, type ImportVariant, importColumns } from './users-import-columns';
import type { SheetRow } from './xlsx-reader';

export { cellText, type HeaderMap, headerKey, mapColumns, type RowIssue } from './header-map';
export {
  type ImportColumn,
  type ImportedRow,
  type ImportVariant,
  importColumns,
  MAX_IMPORT_ROWS,
} from './users-import-columns';
export { parseRow, type RowContext } from './users-import-row';

/** Matches the header row to the variant's columns; the public permission is never imported. */
export function mapHeader(header: SheetRow | undefined, variant: ImportVariant): HeaderMap {
  return mapColumns(header, importColumns(variant), {
    refuse: (key) => (key === 'can_charge_public' || key === 'public' ? 'importPublicNotImported' : null),
  });
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
