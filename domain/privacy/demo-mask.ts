/**
 * @module Demo mode (spec 000 §6 and §9, issue 20 part 7, ADR 049): e-mails and codes (RFID codes and
 * UUIDs, auth ids, user codes, employee ids and numbers, licence plates) replaced by placeholders in
 * 1000–5000 in any JSON answer, once, at the API's edge, and in the file exports by the same function. The
 * placeholder is a hash of the value (`demoPlaceholder`), so the same e-mail gets the same number on every
 * row, in the list and in the export.
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
  'employee_number',
  'employeeNumber',
  'license_plate',
  'licensePlate',
  'plate',
]);

/** Keys holding an RFID card or a list of them: under them the card's `uuid` and `code` are codes too. */
const CARD_KEYS = new Set(['rfid', 'rfids', 'card', 'cards']);
const CARD_CODES = ['uuid', 'code'];

/** An e-mail address inside any text: a name shown as its e-mail, a reason quoting one. */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

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

/** A text with each e-mail address in it replaced by that address' placeholder; the rest is kept. */
export function maskEmailsIn(text: string): string {
  return text.includes('@') ? text.replace(EMAIL_IN_TEXT, (email) => demoPlaceholder(email)) : text;
}

/**
 * A copy of `value` with every string under a masked key (at any depth, in arrays too) replaced by its
 * placeholder, and every e-mail address inside the other strings replaced by its own. Numbers, booleans
 * and null are kept: only e-mails and codes are hidden.
 */
export function maskDemo(value: unknown, extra: ReadonlySet<string> = NONE, masked = false): unknown {
  if (typeof value === 'string') return masked ? maskText(value) : maskEmailsIn(value);
  if (Array.isArray(value)) return value.map((v) => maskDemo(v, extra, masked));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const inner = CARD_KEYS.has(k) ? new Set([...extra, ...CARD_CODES]) : extra;
      out[k] = maskDemo(v, inner, masked || isMaskedKey(k, extra));
    }
    return out;
  }
  return value;
}

/**
 * The fields of a form sent back unchanged in demo mode: a value equal to the placeholder of the stored one
 * is the mask the form showed, not a new value, so it is dropped (the stored value stays).
 */
export function withoutPlaceholders<T extends Record<string, unknown>>(
  body: T,
  stored: Partial<Record<keyof T, string | null>>,
): T {
  const out = { ...body };
  for (const [k, v] of Object.entries(stored)) {
    if (typeof v === 'string' && v !== '' && out[k] === maskText(v)) delete out[k];
  }
  return out;
}

/** The extra keys masked on an API path: an RFID's UUID and code are what the key hanger screens show. */
export function extraMaskedKeys(path: string): ReadonlySet<string> {
  return /^\/api\/keyfob(\/|$)/.test(path) ? new Set(['uuid', 'code']) : NONE;
}
