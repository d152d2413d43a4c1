/** @module The stations a card change clears the authorization cache of (keyfobs.cache.ts, ADR 058 addendum). */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { stationDeviceVariables, stations } from '@db/schema';
import { and, eq, notInArray, sql } from 'drizzle-orm';

/** At most this many stations are asked per change. */
export const CLEAR_CACHE_MAX_STATIONS = 500;

/** The 2.0.1 device model variable that switches the authorization cache (block C). */
const CACHE_ENABLED_KEY = 'AuthCacheCtrlr/Enabled';

/** Connected stations of the scope whose authorization cache may hold a card (not reported off). */
export function stationsWithCache(db: Db, scope: number[]) {
  const off = db
    .select({ id: stationDeviceVariables.stationId })
    .from(stationDeviceVariables)
    .where(
      and(
        eq(stationDeviceVariables.key, CACHE_ENABLED_KEY),
        eq(stationDeviceVariables.attributeType, 'Actual'),
        sql`lower(${stationDeviceVariables.value}) = 'false'`,
      ),
    );
  return db
    .select()
    .from(stations)
    .where(and(stationInScope(scope), eq(stations.connected, true), notInArray(stations.id, off)))
    .orderBy(stations.id)
    .limit(CLEAR_CACHE_MAX_STATIONS)
    .all();
}
