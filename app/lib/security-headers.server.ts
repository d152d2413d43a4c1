import { COMMON_SECURITY_HEADERS } from '../../workers/api/src/middleware/security-headers';

/**
 * @module Security headers of the web worker's answers: a Content-Security-Policy with a fresh
 * nonce for every HTML page (Remix's inline scripts carry it), and the headers every answer gets.
 */

/** 16 random bytes, base64: a new one per HTML response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The origin of a configured address setting (MAP_STYLE_URL, METABASE_SITE_URL), null when unset or invalid. */
function originOf(env: unknown, name: 'MAP_STYLE_URL' | 'METABASE_SITE_URL'): string | null {
  const value = (env as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Scripts only from this origin or with this response's nonce. Styles allow inline: Polaris and
 * React set `style` attributes. MapLibre runs its worker from a blob: URL and draws into blob:
 * and data: images. Frames only from this origin and the configured Metabase site.
 */
export function contentSecurityPolicy(nonce: string, env?: unknown): string {
  const map = originOf(env, 'MAP_STYLE_URL');
  const extra = map ? ` ${map}` : '';
  // The dashboards' Metabase tab frames the configured Metabase site (ADR 055); nothing else is framed.
  const metabase = originOf(env, 'METABASE_SITE_URL');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "worker-src 'self' blob:",
    `frame-src 'self'${metabase ? ` ${metabase}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Adds the headers of an HTML page: the CSP for `nonce`, and nosniff, referrer policy, no framing. */
export function setHtmlSecurityHeaders(headers: Headers, nonce: string, env?: unknown): void {
  headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, env));
  setCommonSecurityHeaders(headers);
}

export function setCommonSecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
}
