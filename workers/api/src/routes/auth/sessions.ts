/** @module Opening, passing 2FA on and revoking login sessions (rows of `auth_sessions`). */

import { companyScopeIds } from '@db/queries/companies';
import { authSessions, userRoles, users } from '@db/schema';
import { SESSION_MAX_AGE_HOURS } from '@domain/identity/constants';
import { randomToken, sha256Hex } from '@domain/identity/encoding';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { SignJWT } from 'jose';
import type { AppEnv } from '../../env';
import { clientIp, sessionSecret, userAgent } from '../../lib/session-cookie';
import { jwtKey } from '../../middleware/session';

type User = typeof users.$inferSelect;

export interface OpenedSession {
  /** The raw token for the cookie; only its hash is stored. */
  token: string;
  sessionId: string;
  /** Bearer JWT carrying `sid` (the stored hash) and the session's expiry. */
  jwt: string;
}

/**
 * Starts a session for a user whose password was just verified. Roles are snapshotted now, so a
 * role change takes effect at the next login (spec 6); the selected company is the one last
 * chosen if it is still inside the user's company tree.
 */
export async function openSession(c: Context<AppEnv>, user: User): Promise<OpenedSession> {
  sessionSecret(c.env); // throws rather than sign tokens with an empty key
  const db = c.get('db');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_HOURS * 3_600_000);
  const roleRows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
  const scope = await companyScopeIds(db, user.companyId);
  const selected =
    user.selectedCompanyId !== null && scope.includes(user.selectedCompanyId) ? user.selectedCompanyId : user.companyId;
  const token = randomToken();
  const sessionId = await sha256Hex(token);
  await db.batch([
    db.insert(authSessions).values({
      id: sessionId,
      userId: user.id,
      rolesJson: JSON.stringify(roleRows.map((r) => r.id).sort((a, b) => a - b)),
      selectedCompanyId: selected,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: clientIp(c),
      userAgent: userAgent(c),
    }),
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)),
  ]);
  const jwt = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(jwtKey(c.env));
  return { token, sessionId, jwt };
}

export function markTwoFactorPassed(c: Context<AppEnv>, sessionId: string) {
  return c.get('db').update(authSessions).set({ twoFactorPassedAt: new Date() }).where(eq(authSessions.id, sessionId));
}

export function revokeSession(c: Context<AppEnv>, sessionId: string) {
  return c
    .get('db')
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Every open session of the user, e.g. after a password reset. */
export function revokeAllSessions(c: Context<AppEnv>, userId: number) {
  return c
    .get('db')
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}
