/**
 * @module A card the back office blocks, unlinks or whose expiry or group changes leaves the stations'
 * authorization caches (OCPP 2.0.1 C11, 1.6 ClearCache; ADR 058 addendum): ClearCache goes to every
 * connected station of the caller's company tree whose cache is on, after the answer (waitUntil), a few
 * stations at a time. A 2.0.1 station that reported `AuthCacheCtrlr/Enabled` false is left out; a 1.6
 * station's AuthorizationCacheEnabled is not kept by the back office, so it is asked in any case
 * (ClearCache on a station without a cache is harmless). A station that misses it (offline, timeout)
 * still drops the card within the bounded cache lifetime we answer (domain/ocpp/authorization-cache.ts).
 */

import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { dispatchAs } from '../../lib/charge-point-command';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { stationsWithCache } from './keyfobs.cache.store';

/** How many stations are asked at once. */
export const CLEAR_CACHE_CONCURRENCY = 4;

/** Runs `work` on each item, at most `limit` at a time; a failure is logged and the rest go on. */
export async function inTurns<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => console.error('[clear-cache]', error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * After the answer: ClearCache to the scope's caching stations, each logged in the customer-service
 * log as the caller's command. Never on the request path; a failure is logged, never answered.
 */
export async function clearCachesLater(c: Context<AppEnv>): Promise<void> {
  const scope = await callerScope(c);
  const userId = authOf(c).user.id;
  const db = c.get('db');
  const env = c.env;
  const work = async () => {
    const targets = await stationsWithCache(db, scope);
    await inTurns(targets, CLEAR_CACHE_CONCURRENCY, (station) =>
      dispatchAs(env, db, userId, { station, connector: null }, 'ClearCache', {}),
    );
  };
  c.executionCtx.waitUntil(work().catch((error: unknown) => console.error('[clear-cache]', error)));
}
