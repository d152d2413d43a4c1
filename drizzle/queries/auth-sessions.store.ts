/** @module Which login sessions are still good, for holders of long-lived connections (the live feed). */
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { INACTIVITY_LOGOUT_MINUTES } from '../../domain/identity/constants';
import type { Db } from '../db';
import { authSessions, users } from '../schema';

/**
 * The ids among `ids` the API would still accept now: not revoked, not expired, not idle past the
 * inactivity limit, two-factor passed, and the user active (the rules of middleware/session.ts).
 */
export async function liveSessionIds(db: Db, ids: readonly string[], now: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        // One JSON parameter, not one per id: any number of sockets stays under D1's 100 parameters.
        sql`${authSessions.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, new Date(now)),
        gt(authSessions.lastSeenAt, new Date(now - INACTIVITY_LOGOUT_MINUTES * 60_000)),
        isNotNull(authSessions.twoFactorPassedAt),
        eq(users.status, 'active'),
      ),
    );
  return rows.map((r) => r.id);
}
