/** @module The only file of the station log that touches the database: the station or connector, in the caller's tree. */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { connectors, stations } from '@db/schema';
import { and, eq } from 'drizzle-orm';

/** A connector by its uid on the station with this uid, operated or owned in the caller's tree. */
export function connectorOnStation(db: Db, scope: number[], stationUid: string, connectorUid: string) {
  return db
    .select({ connector: connectors, station: stations })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(eq(connectors.uid, connectorUid), eq(stations.uid, stationUid), stationInScope(scope)))
    .get();
}

/** A station by uid, operated or owned in the caller's tree. */
export function stationByUid(db: Db, scope: number[], uid: string) {
  return db
    .select({ id: stations.id, uid: stations.uid, name: stations.name })
    .from(stations)
    .where(and(eq(stations.uid, uid), stationInScope(scope)))
    .get();
}
