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

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * Whether the colour may replace the theme's brand fill: primary buttons write white on it, so it must
 * reach a 4.5:1 contrast with white (WCAG AA). A lighter colour is still shown, as the top bar's stripe.
 */
export function brandFillSafe(hex: string): boolean {
  return 1.05 / (luminance(hex) + 0.05) >= 4.5;
}
