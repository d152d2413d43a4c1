/**
 * @module Fixed-window attempt counters (`rate_limits`): the API's login, code and reset limits and
 * the ocpp worker's upgrade throttle count in the same rows, so every isolate sees the others' counts.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rateLimits } from '../schema';

export type AttemptWindow = typeof rateLimits.$inferSelect;

/**
 * Counts one attempt against `key` in one atomic upsert, as a statement (await it, or batch it):
 * a window that started `windowMs` or more before `now` restarts at `now` with a count of one.
 */
export function countAttempt(db: Db, key: string, windowMs: number, now: number) {
  const staleBefore = now - windowMs;
  // Both CASEs read the old row, so an expired window restarts at now with a count of one.
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
}

/** The counters of `keys`, as a statement to batch with other reads (no round trip of its own). */
export function attemptWindows(db: Db, keys: [string, ...string[]]) {
  return db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Gives one attempt back to the window `consume` counted it in, unless that window has since been replaced. */
export async function refundAttempt(db: Db, key: string, windowStart: number): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`MAX(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

/** Drops the windows that started before `before`. */
export async function dropWindowsBefore(db: Db, before: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
