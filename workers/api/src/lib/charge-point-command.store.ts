/**
 * @module The tables a command to a charge point reads and writes: its target connector (within the
 * caller's company tree) and the customer-service log row every command leaves.
 */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { connectors, customerServiceLogs, stations } from '@db/schema';
import { and, eq } from 'drizzle-orm';

/** A connector of the caller's company tree (operated or owned), by id or by uid, with its station. */
export async function connectorInScope(db: Db, scope: number[], key: { id: number } | { uid: string }) {
  const match = 'id' in key ? eq(connectors.id, key.id) : eq(connectors.uid, key.uid);
  return db
    .select({ connector: connectors, station: stations })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(match, stationInScope(scope)))
    .get();
}

/** Records one command sent to a charge point (who, what, the outcome) in the customer-service log. */
export async function insertServiceLog(db: Db, row: typeof customerServiceLogs.$inferInsert) {
  await db.insert(customerServiceLogs).values(row);
}
