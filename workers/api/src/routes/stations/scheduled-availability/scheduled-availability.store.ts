/**
 * @module The only file of scheduled availability that touches the database: the station's
 * connectors, the e-mails of the users named in the entries, and the customer-service log rows of
 * scheduling and cancelling. The entries themselves live in the ChargePoint object.
 */

import type { Db } from '@db/db';
import { connectors, customerServiceLogs, users } from '@db/schema';
import { and, eq, inArray } from 'drizzle-orm';

type StationRef = { id: number; companyId: number };

/** The station's connector of that OCPP number, or undefined. */
export function connectorOfStation(db: Db, station: StationRef, connectorNumber: number) {
  return db
    .select({ id: connectors.id, evseId: connectors.evseId })
    .from(connectors)
    .where(and(eq(connectors.stationId, station.id), eq(connectors.connectorNumber, connectorNumber)))
    .get();
}

/** User e-mails by id (at most 90: D1's bound-parameter limit) and the station's connector uids by number. */
export async function namesOf(db: Db, station: StationRef, userIds: number[]) {
  const [people, plugs] = await Promise.all([
    userIds.length > 0
      ? db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds.slice(0, 90)))
      : [],
    db
      .select({ number: connectors.connectorNumber, uid: connectors.uid })
      .from(connectors)
      .where(eq(connectors.stationId, station.id)),
  ]);
  return {
    email: new Map(people.map((p) => [p.id, p.email])),
    connectorUid: new Map(plugs.map((p) => [p.number, p.uid])),
  };
}

/** The customer-service log row of scheduling or cancelling (who, what); the send is logged when it fires. */
export async function logScheduling(
  db: Db,
  station: StationRef,
  entry: {
    action: 'ScheduleChangeAvailability' | 'CancelScheduledChangeAvailability';
    userId: number;
    connectorId: number;
    type: string;
    id: number;
    dueAt: number;
  },
): Promise<void> {
  const plug = entry.connectorId === 0 ? undefined : await connectorOfStation(db, station, entry.connectorId);
  await db.insert(customerServiceLogs).values({
    companyId: station.companyId,
    stationId: station.id,
    connectorId: plug?.id ?? null,
    connectorEvseId: plug?.evseId ?? null,
    userId: entry.userId,
    action: entry.action,
    detailJson: JSON.stringify({
      request: { connectorId: entry.connectorId, type: entry.type },
      scheduled: { id: entry.id, dueAt: new Date(entry.dueAt).toISOString() },
    }),
    result: 'success',
    errorMessage: null,
  });
}
