/**
 * @module Rules of a company's graphic customisation (issue 20 part 2, ADR 049): the brand colour, the
 * back-office title and the logo. The logo's type is read from its first bytes, never from its name or
 * the client's content type; PNG and JPEG only. SVG is refused rather than sanitised: it is a document
 * that can carry script and external references, and a logo does not need it.
 */
import { sniffContentType } from '../reimbursement/documents';

export const MAX_LOGO_BYTES = 1024 * 1024;
export const MAX_TITLE_LENGTH = 60;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** `#rrggbb`, stored lower-case; null when it is not one. */
export function brandColor(value: string): string | null {
  const v = value.trim();
  return /^#[0-9a-fA-F]{6}$/.test(v) ? v.toLowerCase() : null;
}

/** The title trimmed, inner runs of white space collapsed; null when empty or longer than 60 characters. */
export function backOfficeTitle(value: string): string | null {
  const v = value.trim().replace(/\s+/g, ' ');
  return v.length === 0 || v.length > MAX_TITLE_LENGTH ? null : v;
}

export type LogoRefusal = 'empty' | 'too_large' | 'type_refused';

/** Whether `size` bytes starting with `head` are a logo we keep; its type when they are. */
export function checkLogo(
  head: Uint8Array,
  size: number,
): { ok: true; contentType: LogoType } | { ok: false; reason: LogoRefusal } {
  if (size === 0) return { ok: false, reason: 'empty' };
  if (size > MAX_LOGO_BYTES) return { ok: false, reason: 'too_large' };
  const type = sniffContentType(head);
  if (type !== 'image/png' && type !== 'image/jpeg') return { ok: false, reason: 'type_refused' };
  return { ok: true, contentType: type };
}

/**
 * The logo's R2 key: one per upload with a random part, so the URL that names it never serves another
 * image (it may be cached for a long time) and cannot be guessed from the company id.
 */
export function logoKey(companyId: number, random: string, type: LogoType): string {
  return `company-logos/${companyId}/${random}.${type === 'image/png' ? 'png' : 'jpg'}`;
}

/** The title the back office shows: the company's own when it is white-label and has one, else the product's. */
export function displayedTitle(productName: string, company: { whiteLabel: boolean; title: string | null }): string {
  return company.whiteLabel && company.title ? company.title : productName;
}
