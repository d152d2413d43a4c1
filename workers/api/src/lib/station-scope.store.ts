/** @module The station a command addresses by its uid (the OCPP identity), within the caller's company tree. */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { stations } from '@db/schema';
import { and, eq } from 'drizzle-orm';

/** Operated or owned by a company of the caller's tree, like `connectorInScope`. */
export function stationByUidInScope(db: Db, scope: number[], uid: string) {
  return db
    .select()
    .from(stations)
    .where(and(eq(stations.uid, uid), stationInScope(scope)))
    .get();
}
