/**
 * @module The OCPP upgrade check's D1 statements: the station by its id, and failed basic-auth
 * attempts counted in `rate_limits` (fixed windows, the same rows as the login limits), so every
 * isolate of the ocpp worker sees the failures of the others.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rateLimits, stations } from '../schema';

/** The station of a charge point id, as a statement to batch with `failureCounters`. */
export function stationByUid(db: Db, uid: string) {
  return db.select().from(stations).where(eq(stations.uid, uid)).limit(1);
}

export type FailureWindow = typeof rateLimits.$inferSelect;

/** The counters of `keys`, as a statement to batch with the station lookup (no round trip of its own). */
export function failureCounters(db: Db, keys: [string, ...string[]]) {
  return db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Counts one failure against every key in one round trip; a window past its end restarts at `now`. */
export async function recordFailure(
  db: Db,
  keys: [{ key: string; windowMs: number }, ...{ key: string; windowMs: number }[]],
  now: number,
): Promise<FailureWindow[]> {
  const upsert = ({ key, windowMs }: { key: string; windowMs: number }) => {
    const staleBefore = now - windowMs;
    return db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} <= ${staleBefore} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${staleBefore} THEN ${now} ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning();
  };
  const [first, ...rest] = keys;
  const results = await db.batch([upsert(first), ...rest.map(upsert)]);
  return results.flat();
}
