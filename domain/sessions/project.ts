/**
 * @module Projects a stored CDR (spec field names) onto a variant's columns, applying the rules that
 * change what may be seen: start method POS for EP- ids, provider prices only for QR payments,
 * and demo-mode placeholders for e-mails and codes. Used by the API, so lists and exports agree.
 */
import type { Cell } from '../export/cells';
import { demoPlaceholder, displayStartMethod, isQrPayment } from './display';
import { type SessionVariant, VARIANT_COLUMNS } from './variants';

/** A CDR as read from the database, keyed by the spec's field names. */
export type CdrRecord = Record<string, string | number | null>;

/** Fields masked in demo mode. */
export const DEMO_MASKED = new Set([
  'user_email',
  'child_email',
  'user_code',
  'user_key_hanger_code',
  'child_employee_id',
  'child_plate',
  'cdr_auth_id',
]);

export interface ProjectOptions {
  demo?: boolean;
}

export function projectCdr(
  row: CdrRecord,
  variant: SessionVariant,
  options: ProjectOptions = {},
): Record<string, Cell> {
  const out: Record<string, Cell> = { id: row.id ?? null, pricing_status: row.pricing_status ?? null };
  const qr = isQrPayment(row.start_method as string | null);
  for (const col of VARIANT_COLUMNS[variant]) {
    let value: Cell = row[col.key] ?? null;
    if (col.key === 'start_method')
      value = displayStartMethod(row.cdr_auth_id as string | null, row.start_method as string | null);
    else if (col.party && col.party !== 'emp' && qr) value = null;
    else if (options.demo && DEMO_MASKED.has(col.key) && typeof value === 'string' && value)
      value = demoPlaceholder(value);
    out[col.key] = value;
  }
  if (qr) out.qr_payment = true;
  return out;
}
