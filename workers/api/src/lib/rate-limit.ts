/**
 * @module Fixed-window attempt counters in D1 (`rate_limits`), per account and per client.
 * An attempt is counted before the expensive or secret-revealing work (password hash, code check)
 * with one atomic upsert, so concurrent requests cannot all slip under the limit; an attempt that
 * turns out to succeed is refunded, which leaves only failures counted where the caller wants that.
 */

import type { Db } from '@db/db';
import { countAttempt, dropWindowsBefore, refundAttempt } from '@db/queries/rate-limits.store';
import { epochMinute } from '@domain/api-keys/api-keys';
import { type LimitName, oldestLiveWindowStart, retryAfterSeconds, windowMsOf } from '@domain/identity/attempt-limits';
import type { Context } from 'hono';
import { dropUsageBefore } from '../middleware/api-key.store';
import { apiError } from './errors';

export type { LimitName };

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

/** Counts one attempt against every key; tells whether any of them is now over its limit. */
export async function consume(db: Db, keys: LimitKey[], now = Date.now()): Promise<Consumed> {
  const consumed: Consumed = { keys: [], retryAfterSeconds: null };
  for (const k of keys) {
    const [row] = await countAttempt(db, rowKey(k), windowMsOf(k.limit), now);
    if (!row) continue;
    consumed.keys.push({ key: row.key, windowStart: row.windowStart });
    const seconds = retryAfterSeconds(k.limit, row, now);
    if (seconds !== null) consumed.retryAfterSeconds = Math.max(consumed.retryAfterSeconds ?? 0, seconds);
  }
  return consumed;
}

/** Gives back what `consume` counted (a success), unless that window has since been replaced. */
export async function refund(db: Db, consumed: Consumed): Promise<void> {
  for (const { key, windowStart } of consumed.keys) await refundAttempt(db, key, windowStart);
}

/** Days of per-key request counts kept: the key list shows today and the last seven days. */
const API_KEY_USAGE_DAYS = 8;

/** Drops windows older than the longest limit, and API key usage minutes older than eight days; for the daily cron. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  await dropWindowsBefore(db, oldestLiveWindowStart(now));
  await dropUsageBefore(db, epochMinute(now - API_KEY_USAGE_DAYS * 86_400_000));
}

/** The 429 answer: `retry_after` in seconds and the Retry-After header, minutes in the message. */
export function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, 'TOO_MANY_ATTEMPTS', 'tooManyAttempts', {
    retry_after: retryAfterSeconds,
    params: { minutes: Math.ceil(retryAfterSeconds / 60) },
  });
}
