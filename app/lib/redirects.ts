/** @module Where the session flow sends the browser; shared by server and client. */

/** 2FA method 4 is the authenticator app; every other method gets an e-mailed code. */
export const AUTHENTICATOR_METHOD = 4;

export function twoFactorPath(method: number | null | undefined): '/2fa' | '/2fa-qr' {
  return method === AUTHENTICATOR_METHOD ? '/2fa-qr' : '/2fa';
}

const NO_RETURN = ['/login', '/2fa', '/2fa-qr', '/reset-password', '/logout'];

/** A same-site path to return to, never another origin and never back into the login flow. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  const path = to.split(/[?#]/)[0] ?? '';
  if (NO_RETURN.some((p) => path === p || path.startsWith(`${p}/`))) return fallback;
  return to;
}

/** Adds `redirectTo` to a path when there is one worth keeping. */
export function withRedirectTo(path: string, redirectTo: string | null | undefined): string {
  const target = safeRedirect(redirectTo, '');
  if (!target) return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(target)}`;
}
