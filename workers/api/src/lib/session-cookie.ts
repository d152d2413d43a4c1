/** @module The `sid` cookie and the client address that rate limits and the audit log use. */

import { SESSION_MAX_AGE_HOURS } from '@domain/identity/constants';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../middleware/session';

/** Secure only over https, so the cookie also works on http://localhost during development. */
const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:';

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c),
    maxAge: SESSION_MAX_AGE_HOURS * 3600,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttps(c) });
}

/** Cloudflare sets cf-connecting-ip at the edge; clients cannot forge it past Cloudflare. */
export function clientIp(c: Context): string {
  return c.req.header('cf-connecting-ip')?.trim() || 'unknown';
}

export function userAgent(c: Context): string | null {
  return c.req.header('user-agent')?.slice(0, 500) ?? null;
}

/**
 * SESSION_SECRET signs bearer tokens and seals TOTP seeds. Without it tokens would be signed with
 * an empty key, so refuse to work instead (a 500 the operator sees at once).
 */
export function sessionSecret(env: Env): string {
  const secret = env.SESSION_SECRET;
  if (!secret || secret.length < 32) throw new Error('SESSION_SECRET is missing or shorter than 32 characters');
  return secret;
}
