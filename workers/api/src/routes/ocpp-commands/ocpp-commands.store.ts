/** @module The only file of the verbatim command route that touches the database. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../../drizzle/db';
import { connectors } from '../../../../../drizzle/schema';

/** The station's connector of that OCPP number, or undefined when the system does not know it. */
export function connectorByNumber(db: Db, stationId: number, connectorNumber: number) {
  return db
    .select()
    .from(connectors)
    .where(and(eq(connectors.stationId, stationId), eq(connectors.connectorNumber, connectorNumber)))
    .get();
}
