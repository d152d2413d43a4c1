/**
 * @module Resolves the caller from the `sid` cookie or an `Authorization: Bearer` JWT. Both name
 * the same server-side session row, so logout, expiry and 2FA state apply to both. A bearer token
 * starting `evk_` is an integrator's API key instead (middleware/api-key.ts, ADR 047).
 */

import { companyKind } from '@db/queries/companies.store';
import type { companies, users } from '@db/schema';
import { type ApiKeyScope, looksLikeApiKey } from '@domain/api-keys/api-keys';
import { sha256Hex } from '@domain/identity/encoding';
import { sessionUse } from '@domain/identity/session-use';
import { type AccessContext, isListedUser } from '@domain/permissions/permissions';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { jwtVerify } from 'jose';
import type { AppEnv } from '../env';
import { sessionSecret } from '../lib/session-cookie';
import { COOKIE_ONLY_PATH, keyNotAllowedHere, keyRateLimited, resolveApiKey } from './api-key';
import { revokeSession, sessionFacts, touchSession } from './session.store';

export const SESSION_COOKIE = 'sid';

export interface AuthContext {
  sessionId: string;
  user: typeof users.$inferSelect;
  company: typeof companies.$inferSelect;
  access: AccessContext;
  twoFactorPassed: boolean;
  /** Ids of the selected company and all its descendants: the scope every query is limited to. */
  scope: number[];
  /** Set when the caller is an API key: its id (named in audit rows) and what its scope lets through. */
  apiKey?: { id: number; scope: ApiKeyScope };
}

export function jwtKey(env: Env): Uint8Array {
  return new TextEncoder().encode(sessionSecret(env));
}

async function sessionIdFrom(c: Context<AppEnv>): Promise<string | null> {
  const header = c.req.header('authorization');
  if (header?.startsWith('Bearer ')) {
    try {
      const { payload } = await jwtVerify(header.slice(7), jwtKey(c.env), { algorithms: ['HS256'] });
      return typeof payload.sid === 'string' ? payload.sid : null;
    } catch {
      return null;
    }
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? sha256Hex(cookie) : null;
}

/** Loads the session if there is one; never rejects. Routes decide with requireAuth/requirePermission. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('auth', null);
  c.set('sessionExpired', false);
  const bearer = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1];
  if (bearer && looksLikeApiKey(bearer)) {
    if (COOKIE_ONLY_PATH.test(c.req.path)) return keyNotAllowedHere(c);
    const resolved = await resolveApiKey(c, bearer);
    if (resolved && 'retryAfterSeconds' in resolved) return keyRateLimited(c, resolved.retryAfterSeconds);
    c.set('auth', resolved);
    return next();
  }
  const sid = await sessionIdFrom(c);
  if (sid) {
    const resolved = await resolveSession(c, sid);
    if (resolved === 'expired') c.set('sessionExpired', true);
    else c.set('auth', resolved);
  }
  await next();
};

async function resolveSession(c: Context<AppEnv>, sid: string): Promise<AuthContext | 'expired' | null> {
  const db = c.get('db');
  const { session, user, company, services, scope } = await sessionFacts(db, sid);
  if (!session) return null;
  const now = Date.now();
  const use = sessionUse(session, now);
  if (use === 'expired') {
    await revokeSession(db, sid, new Date(now));
    return 'expired';
  }
  if (user?.status !== 'active' || !company) return null;
  if (use === 'touch') await touchSession(db, sid, new Date(now));
  return {
    sessionId: sid,
    user,
    company,
    twoFactorPassed: session.twoFactorPassedAt !== null,
    access: {
      roles: JSON.parse(session.rolesJson) as number[],
      services: services.sort((a, b) => a - b),
      company: companyKind(company),
      lists: isListedUser(user.id, c.env.CPO_INVOICE_MANAGER_IDS) ? ['cpo-invoice-manager'] : [],
    },
    scope,
  };
}
