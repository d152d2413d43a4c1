/** @module A station of the caller's company tree by its uid (the OCPP identity), or the 404. */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations';
import { stations } from '@db/schema';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';

export type Station = typeof stations.$inferSelect;

/** Operated or owned by a company of the caller's tree, like `connectorInScope`. */
export function stationByUidInScope(db: Db, scope: number[], uid: string) {
  return db
    .select()
    .from(stations)
    .where(and(eq(stations.uid, uid), stationInScope(scope)))
    .get();
}

/** Runs `act` on the station when it is in the caller's company tree; "Station uid: … not found." otherwise. */
export async function onStation<R>(
  c: Context<AppEnv>,
  uid: string,
  act: (station: Station, scope: number[]) => Promise<R>,
) {
  const db = c.get('db');
  const scope = await callerScope(c);
  const station = await stationByUidInScope(db, scope, uid);
  if (!station) return apiError(c, 404, 'STATION_NOT_FOUND', 'stationNotFound', { params: { uid } });
  return act(station, scope);
}

export function chargePointOf(c: Context<AppEnv>, station: Station) {
  return c.env.CHARGE_POINTS.get(c.env.CHARGE_POINTS.idFromName(station.uid));
}
