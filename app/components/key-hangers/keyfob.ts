/** @module What the key hanger screens share: the API's card shape, its displayed status and tone, and dates. */
import { parseExpiry } from '@domain/import/keyfobs-import';
import { formatDateTime } from '../../lib/format';

export interface KeyfobRow {
  id: number;
  company_id: number;
  key_hanger_code: string;
  uuid: string;
  type: 'rfid' | 'keyfob' | 'sticker' | (string & {});
  parent_id_tag: string | null;
  status: 'active' | 'blocked' | 'unlinked';
  user_id: number | null;
  user: { id: number; email: string; first_name: string | null; last_name: string | null } | null;
  expires_at: string | null;
  expired: boolean;
  blocked_at: string | null;
  unlinked_at: string | null;
  created_at: string;
}

export type DisplayStatus = 'active' | 'expired' | 'blocked' | 'unlinked';

/** An active card past its expiry shows as expired: it is what a charge point hears (OCPP Expired). */
export function displayStatus(row: Pick<KeyfobRow, 'status' | 'expired'>): DisplayStatus {
  return row.status === 'active' && row.expired ? 'expired' : row.status;
}

export const STATUS_TONE = {
  active: 'success',
  expired: 'warning',
  blocked: 'critical',
  unlinked: undefined,
} as const satisfies Record<DisplayStatus, 'success' | 'warning' | 'critical' | undefined>;

export const KEYFOB_TYPES = ['rfid', 'keyfob', 'sticker'] as const;

/** A date and time of the card in the company's zone, or '' when absent. */
export function cardTime(value: string | null, language: string, timeZone: string): string {
  return value ? formatDateTime(value, { language, timeZone }) : '';
}

/**
 * The last valid day (YYYY-MM-DD, UTC) of an expiry, for a date field: the form's day means "valid
 * through that day", stored as the midnight UTC after it (as the import reads a date alone).
 */
export function lastValidDay(expiresAt: string | null): string {
  if (!expiresAt) return '';
  return new Date(new Date(expiresAt).getTime() - 1).toISOString().slice(0, 10);
}

/** The expiry instant of a "valid through" day typed in the form, or null for none; undefined if malformed. */
export function expiryOfDay(day: string): string | null | undefined {
  if (day === '') return null;
  const end = /^\d{4}-\d{2}-\d{2}$/.test(day) ? parseExpiry(day) : null;
  return end ? end.toISOString() : undefined;
}
