/**
 * @module The OCPP upgrade check's D1 statements: the station by its id, and failed basic-auth
 * attempts counted in `rate_limits` (fixed windows, the same rows as the login limits), so every
 * isolate of the ocpp worker sees the failures of the others.
 */
import { eq } from 'drizzle-orm';
import type { OcppVersion } from '../../domain/ocpp/versions';
import type { Db } from '../db';
import { stations } from '../schema';
import { type AttemptWindow, attemptWindows, countAttempt } from './rate-limits.store';
import type { StationRow } from './stations.store';

export type FailureWindow = AttemptWindow;

/**
 * The station of a charge point id (undefined when none) and the failure counters of `keys`, in one
 * round trip: every upgrade attempt pays it, the successful ones included.
 */
export async function stationAndFailureCounters(
  db: Db,
  uid: string,
  keys: [string, ...string[]],
): Promise<{ station: StationRow | undefined; counters: FailureWindow[] }> {
  const [found, counters] = await db.batch([
    db.select().from(stations).where(eq(stations.uid, uid)).limit(1),
    attemptWindows(db, keys),
  ]);
  return { station: found[0], counters };
}

/** Counts one failure against every key in one round trip; a window past its end restarts at `now`. */
export async function recordFailure(
  db: Db,
  keys: [{ key: string; windowMs: number }, ...{ key: string; windowMs: number }[]],
  now: number,
): Promise<FailureWindow[]> {
  const [first, ...rest] = keys.map(({ key, windowMs }) => countAttempt(db, key, windowMs, now));
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return results.flat();
}

/** The OCPP version a connection negotiated (ADR 058), written only when it differs from the last one. */
export async function recordNegotiatedVersion(db: Db, stationId: number, version: OcppVersion): Promise<void> {
  await db.update(stations).set({ ocppVersionConnected: version }).where(eq(stations.id, stationId));
}
