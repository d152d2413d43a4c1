/**
 * @module Demo mode (spec 000 §6 and §9, issue 20 part 7, ADR 049): e-mails and codes (RFID codes and
 * UUIDs, auth ids, user codes, employee ids, plates) replaced by placeholders in 1000–5000 in any JSON
 * answer, once, at the API's edge. The placeholder is a hash of the value (`demoPlaceholder`), so the same
 * e-mail gets the same number on every row, in the list and in the export.
 */
import { demoPlaceholder } from '../sessions/display';
import { DEMO_MASKED } from '../sessions/project';

/** Keys (besides any key containing "email") whose string values are masked. */
const CODE_KEYS = new Set([
  ...DEMO_MASKED,
  'key_hanger_code',
  'keyHangerCode',
  'auth_id',
  'authId',
  'id_tag',
  'idTag',
  'parent_id_tag',
  'parentIdTag',
  'rfid_code',
  'rfid_uuid',
  'rfidUuid',
  'employee_id',
  'employeeId',
]);

const NONE: ReadonlySet<string> = new Set();

/** Whether a value under `key` is masked; `extra` names more keys (an RFID's `uuid` under /keyfob). */
export function isMaskedKey(key: string, extra: ReadonlySet<string> = NONE): boolean {
  return key.toLowerCase().includes('email') || CODE_KEYS.has(key) || extra.has(key);
}

/** A value's placeholder; a comma-separated list (of e-mails) becomes a list of placeholders. */
export function maskText(value: string): string {
  if (value === '') return value;
  return value.includes(',')
    ? value
        .split(',')
        .map((v) => demoPlaceholder(v.trim()))
        .join(', ')
    : demoPlaceholder(value);
}

/**
 * A copy of `value` with every string under a masked key (at any depth, in arrays too) replaced by its
 * placeholder. Numbers, booleans and null are kept: only e-mails and codes are hidden.
 */
export function maskDemo(value: unknown, extra: ReadonlySet<string> = NONE, masked = false): unknown {
  if (typeof value === 'string') return masked ? maskText(value) : value;
  if (Array.isArray(value)) return value.map((v) => maskDemo(v, extra, masked));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = maskDemo(v, extra, masked || isMaskedKey(k, extra));
    return out;
  }
  return value;
}

/** The extra keys masked on an API path: an RFID's UUID and code are what the key hanger screens show. */
export function extraMaskedKeys(path: string): ReadonlySet<string> {
  return /^\/api\/keyfob(\/|$)/.test(path) ? new Set(['uuid', 'code']) : NONE;
}
