/**
 * @module A station of the caller's company tree by its uid (the OCPP identity), or the 404; and the
 * station's ChargePoint object. Shared by every /stations/{uid}/… route that talks to a charge point.
 */

import type { stations } from '@db/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { apiError } from './errors';
import { callerScope } from './scope';
import { stationByUidInScope } from './station-scope.store';

export type Station = typeof stations.$inferSelect;

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
