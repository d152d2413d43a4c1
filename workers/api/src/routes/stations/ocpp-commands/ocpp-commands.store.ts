/** @module The only file of the verbatim command route that touches the database. */

import type { Db } from '@db/db';
import { connectors } from '@db/schema';
import { and, eq } from 'drizzle-orm';

/** The station's connector of that OCPP number, or undefined when the system does not know it. */
export function connectorByNumber(db: Db, stationId: number, connectorNumber: number) {
  return db
    .select()
    .from(connectors)
    .where(and(eq(connectors.stationId, stationId), eq(connectors.connectorNumber, connectorNumber)))
    .get();
}
