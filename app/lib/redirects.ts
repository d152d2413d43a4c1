/** @module Where the session flow sends the browser; shared by server and client. */

/** 2FA method 4 is the authenticator app; every other method gets an e-mailed code. */
export const AUTHENTICATOR_METHOD = 4;

export function twoFactorPath(method: number | null | undefined): '/2fa' | '/2fa-qr' {
  return method === AUTHENTICATOR_METHOD ? '/2fa-qr' : '/2fa';
}

const NO_RETURN = ['/login', '/2fa', '/2fa-qr', '/reset-password', '/logout'];

/** Any fixed origin works: a path is same-origin when resolving it against this one stays here. */
const HERE = 'https://back-office.invalid';

/**
 * Browsers drop tabs and newlines from a URL and read a backslash as a slash, so `/\t/evil.example`
 * would leave the site, and a newline in a Location header is a server error: neither is a path.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
const HOSTILE = /[\u0000-\u001F\u007F-\u009F\\]/;

/**
 * The one check of every redirect after login and 2FA: `to` when it is a same-origin path that
 * survives URL parsing (returned as parsed), never another origin and never back into the login
 * flow; else `fallback` (callers pass '' and then choose the landing page).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== 'string' || !to.startsWith('/') || HOSTILE.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, HERE);
  } catch {
    return fallback;
  }
  // `/.//evil.example` parses to the path `//evil.example`, which a browser reads as another host.
  if (url.origin !== HERE || url.pathname.startsWith('//')) return fallback;
  if (NO_RETURN.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Adds `redirectTo` to a path when there is one worth keeping. */
export function withRedirectTo(path: string, redirectTo: string | null | undefined): string {
  const target = safeRedirect(redirectTo, '');
  if (!target) return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(target)}`;
}
