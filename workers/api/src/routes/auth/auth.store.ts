/**
 * @module Login sessions (rows of `auth_sessions`), which the login, 2FA and password-reset
 * resources of this folder all write: open, mark 2FA passed, revoke.
 */

import type { Db } from '@db/db';
import { authSessions, userRoles, users } from '@db/schema';
import { and, eq, isNull } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferInsert;

/** The user's role ids, ascending: a session snapshots them when it opens. */
export async function roleIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Stores a new session and the user's last login time together. */
export async function insertSession(db: Db, session: SessionRow) {
  await db.batch([
    db.insert(authSessions).values(session),
    db.update(users).set({ lastLoginAt: session.createdAt }).where(eq(users.id, session.userId)),
  ]);
}

export function markTwoFactorPassed(db: Db, sessionId: string) {
  return db.update(authSessions).set({ twoFactorPassedAt: new Date() }).where(eq(authSessions.id, sessionId));
}

export function revokeSession(db: Db, sessionId: string) {
  return db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Every open session of the user, e.g. after a password reset. */
export function revokeAllSessions(db: Db, userId: number) {
  return db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}
