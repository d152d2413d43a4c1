/** @module Headers every answer of the API (and of the web worker) carries. */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

export const COMMON_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // No API answer, the reference page at /api/docs included, is meant to be framed.
  'X-Frame-Options': 'DENY',
} as const;

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  try {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) c.res.headers.set(name, value);
  } catch {
    // A response passed through from elsewhere (a Durable Object, R2) can have immutable headers.
    const headers = new Headers(c.res.headers);
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  }
};
