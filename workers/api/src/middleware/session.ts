/**
 * @module Resolves the caller from the `sid` cookie or an `Authorization: Bearer` JWT. Both name
 * the same server-side session row, so logout, expiry and 2FA state apply to both.
 */

import { companyKind, companyTreeIds } from '@db/queries/companies.store';
import { authSessions, companies, companyServiceSettings, users } from '@db/schema';
import { INACTIVITY_LOGOUT_MINUTES } from '@domain/identity/constants';
import { sha256Hex } from '@domain/identity/encoding';
import type { AccessContext } from '@domain/permissions/permissions';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { jwtVerify } from 'jose';
import type { AppEnv } from '../env';
import { sessionSecret } from '../lib/session-cookie';

export const SESSION_COOKIE = 'sid';

export interface AuthContext {
  sessionId: string;
  user: typeof users.$inferSelect;
  company: typeof companies.$inferSelect;
  access: AccessContext;
  twoFactorPassed: boolean;
  /** Ids of the selected company and all its descendants: the scope every query is limited to. */
  scope: number[];
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
  // Every API call pays for these reads, so they travel in one D1 round trip: the session row, and
  // its user, selected company, service settings and company tree through subqueries on the same id.
  const session = and(eq(authSessions.id, sid), isNull(authSessions.revokedAt));
  const userId = db.select({ id: authSessions.userId }).from(authSessions).where(session);
  const companyId = db.select({ id: authSessions.selectedCompanyId }).from(authSessions).where(session);
  const [rows, userRows, companyRows, serviceRows, treeRows] = await db.batch([
    db.select().from(authSessions).where(session),
    db.select().from(users).where(inArray(users.id, userId)),
    db.select().from(companies).where(inArray(companies.id, companyId)),
    db
      .select({ id: companyServiceSettings.settingId })
      .from(companyServiceSettings)
      .where(inArray(companyServiceSettings.companyId, companyId)),
    db
      .select({ id: companies.id })
      .from(companies)
      .where(
        sql`${companies.id} IN (${companyTreeIds(sql`SELECT selected_company_id FROM auth_sessions WHERE id = ${sid} AND revoked_at IS NULL`)})`,
      ),
  ]);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  const idleLimit = row.lastSeenAt.getTime() + INACTIVITY_LOGOUT_MINUTES * 60_000;
  if (row.expiresAt.getTime() <= now || idleLimit < now) {
    await db
      .update(authSessions)
      .set({ revokedAt: new Date(now) })
      .where(eq(authSessions.id, sid));
    return 'expired';
  }
  const user = userRows[0];
  const company = companyRows[0];
  const services = serviceRows.map((r) => r.id).sort((a, b) => a - b);
  if (user?.status !== 'active' || !company) return null;
  if (now - row.lastSeenAt.getTime() > 60_000) {
    await db
      .update(authSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(authSessions.id, sid));
  }
  return {
    sessionId: sid,
    user,
    company,
    twoFactorPassed: row.twoFactorPassedAt !== null,
    access: {
      roles: JSON.parse(row.rolesJson) as number[],
      services,
      company: companyKind(company),
    },
    scope: treeRows.map((r) => r.id),
  };
}
