/**
 * @module Rules of the reimbursement documents (issue 19 part 3, spec 000 §5, 001 §7.11): what a file
 * is, read from its first bytes and never from its name or the client's content type; which types a
 * document kind accepts; the size limit; the month a meter reading may cover; who may delete; and the
 * name and key a stored document gets.
 */

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The kinds an employee or a manager uploads; `statement` is written by the monthly job only. */
export const UPLOAD_TYPES = ['power_contract', 'meter_reading'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export type AnyDocumentType = UploadType | 'statement';

export const DETECTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DetectedType = (typeof DETECTED_TYPES)[number];

const SIGNATURES: readonly { type: DetectedType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The file's type from its magic bytes; null for anything else (whatever its name says). */
export function sniffContentType(head: Uint8Array): DetectedType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return type;
  }
  return null;
}

/** A power contract is a PDF only; a meter reading a JPG/JPEG, PNG or PDF (spec 000 §5). */
export const ACCEPTED: Record<UploadType, readonly DetectedType[]> = {
  power_contract: ['application/pdf'],
  meter_reading: ['image/jpeg', 'image/png', 'application/pdf'],
};

export type UploadRefusal = 'empty' | 'too_large' | 'type_refused';

/** Whether an upload of `size` bytes starting with `head` is accepted as `type`; the detected type when it is. */
export function checkUpload(
  type: UploadType,
  head: Uint8Array,
  size: number,
): { ok: true; contentType: DetectedType } | { ok: false; reason: UploadRefusal } {
  if (size === 0) return { ok: false, reason: 'empty' };
  if (size > MAX_DOCUMENT_BYTES) return { ok: false, reason: 'too_large' };
  const detected = sniffContentType(head);
  if (!detected || !ACCEPTED[type].includes(detected)) return { ok: false, reason: 'type_refused' };
  return { ok: true, contentType: detected };
}

/** YYYY-MM of `now` in `timeZone`. */
export function monthIn(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

/** A meter reading's month: a real YYYY-MM, not after the current month in the company's zone. */
export function periodAllowed(period: string, now: Date, timeZone: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (!m) return false;
  const month = Number(m[2]);
  if (month < 1 || month > 12 || Number(m[1]) < 2000) return false;
  return period <= monthIn(now, timeZone);
}

/**
 * kWh as typed (a dot or a comma, at most 3 decimals, ≥ 0) → Wh, exactly (no float rounding);
 * null when it is not such a number.
 */
export function kwhTextToWh(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,3}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

export type Reviewer = 'employee' | 'manager';

export interface DeletableDocument {
  type: AnyDocumentType;
  userId: number;
  approved: boolean | null;
}

/**
 * Who may delete: nobody a statement (it is the month's record); a manager any other document of
 * their scope; the employee only their own, and only while it is not approved.
 */
export function mayDelete(actor: { role: Reviewer; userId: number }, doc: DeletableDocument): boolean {
  if (doc.type === 'statement') return false;
  if (actor.role === 'manager') return true;
  return doc.userId === actor.userId && doc.approved !== true;
}

/** Only uploaded kinds are reviewed (a statement is the job's own record). */
export const mayReview = (doc: { type: AnyDocumentType }) => doc.type !== 'statement';

const EXTENSION: Record<DetectedType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * The name a document is kept and downloaded under: the client's name without path, control or
 * quoting characters, at most 120 characters, ending in the extension of its detected type (a PNG
 * sent as `contract.pdf` cannot come back as a .pdf).
 */
export function documentFileName(name: string | null | undefined, type: DetectedType, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"*:<>?|;]+/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  const stem = cleaned.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 110) || fallback;
  return `${stem}.${EXTENSION[type]}`;
}

/** RFC 6266 attachment: an ASCII fallback and the exact name as UTF-8 (RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The R2 key: ids and a random uuid only, never text the client chose. */
export function documentKey(companyId: number, userId: number, uuid: string): string {
  return `reimbursement/${companyId}/${userId}/${uuid}`;
}

/** Lowercase hex SHA-256 of the stored bytes. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The URL segment of a type (`power-contract`) and back. */
export const typeSlug = (type: UploadType) => type.replace('_', '-');
export function typeOfSlug(slug: string | undefined): UploadType | null {
  const type = (slug ?? '').replace('-', '_');
  return (UPLOAD_TYPES as readonly string[]).includes(type) ? (type as UploadType) : null;
}
