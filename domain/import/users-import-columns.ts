/**
 * @module Fleet user import columns (spec 7.8 `users/import`, `users/import/uuid`): the template's
 * columns per variant, the row limit, and the shape of a row that passed its checks.
 */
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
