/**
 * @module Fixed-window attempt counters in D1 (`rate_limits`), per account and per client.
 * An attempt is counted before the expensive or secret-revealing work (password hash, code check)
 * with one atomic upsert, so concurrent requests cannot all slip under the limit; an attempt that
 * turns out to succeed is refunded, which leaves only failures counted where the caller wants that.
 */

import type { Db } from '@db/db';
import { rateLimits } from '@db/schema';
import { RATE_LIMITS } from '@domain/identity/constants';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { apiError } from './errors';

export type LimitName = keyof typeof RATE_LIMITS;

export interface LimitKey {
  limit: LimitName;
  /** Lower-cased e-mail, user id or client address. */
  subject: string;
}

/** What `consume` took, so a success can give it back to the same window. */
export interface Consumed {
  keys: { key: string; windowStart: number }[];
  /** Seconds until every exhausted window ends; null when under every limit. */
  retryAfterSeconds: number | null;
}

const rowKey = ({ limit, subject }: LimitKey) => `${limit}:${subject}`;
const windowMs = (limit: LimitName) => RATE_LIMITS[limit].windowMinutes * 60_000;

/** Counts one attempt against every key; tells whether any of them is now over its limit. */
export async function consume(db: Db, keys: LimitKey[], now = Date.now()): Promise<Consumed> {
  const consumed: Consumed = { keys: [], retryAfterSeconds: null };
  for (const k of keys) {
    const staleBefore = now - windowMs(k.limit);
    // Both CASEs read the old row, so an expired window restarts at now with a count of one.
    const [row] = await db
      .insert(rateLimits)
      .values({ key: rowKey(k), windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} <= ${staleBefore} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${staleBefore} THEN ${now} ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning();
    if (!row) continue;
    consumed.keys.push({ key: row.key, windowStart: row.windowStart });
    if (row.count > RATE_LIMITS[k.limit].max) {
      const seconds = Math.max(1, Math.ceil((row.windowStart + windowMs(k.limit) - now) / 1000));
      consumed.retryAfterSeconds = Math.max(consumed.retryAfterSeconds ?? 0, seconds);
    }
  }
  return consumed;
}

/** Gives back what `consume` counted (a success), unless that window has since been replaced. */
export async function refund(db: Db, consumed: Consumed): Promise<void> {
  for (const { key, windowStart } of consumed.keys) {
    await db
      .update(rateLimits)
      .set({ count: sql`MAX(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  }
}

/** Drops windows older than the longest limit; for the daily cron. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  const longest = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMinutes)) * 60_000;
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - longest));
}

/** The 429 answer: `retry_after` in seconds and the Retry-After header, minutes in the message. */
export function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, 'TOO_MANY_ATTEMPTS', 'tooManyAttempts', {
    retry_after: retryAfterSeconds,
    params: { minutes: Math.ceil(retryAfterSeconds / 60) },
  });
}
