/**
 * @module One fleet user import row checked with the wizard's own rules (spec section 5) as far as a
 * row alone decides: e-mail, permissions, license plate, limits, texts, the RFID UUID of the uuid variant.
 */

import type { MessageKey } from '@i18n/messages';
import {
  emailError,
  hasChargingPermission,
  type LimitUnitKind,
  licensePlateError,
  normalizePlate,
  parseLimit,
} from '../fleet/validation';
import { cellText, type HeaderMap, type RowIssue } from './header-map';
import { type ImportColumn, type ImportedRow, type ImportVariant, importColumns } from './users-import-columns';
import type { SheetRow } from './xlsx-reader';

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'x', 'oui', 'ja', 'si', 'sí', 'sim', 'vrai', 'wahr']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', '', 'non', 'nein', 'nee', 'não', 'nao', 'faux', 'falsch']);

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
