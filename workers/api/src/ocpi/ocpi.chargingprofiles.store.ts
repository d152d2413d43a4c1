/**
 * @module Reads and writes of the charging profiles receiver (migration 0067): the calling peering's
 * running session a request names with its station and connector, the requests of the last minute (the
 * TOO_OFTEN rule), and the `ocpi_charging_profiles` rows.
 */
import type { Db } from '@db/db';
import { chargingSessions, connectors, ocpiChargingProfiles, stations } from '@db/schema';
import { and, count, eq, gte, or } from 'drizzle-orm';

/** The peering's session named by an OCPI Session.id (our session id or its CDR id), with where it charges. */
export async function profileSession(db: Db, peeringId: number, sessionId: string) {
  const id = /^\d+$/.test(sessionId) ? Number(sessionId) : -1;
  return db
    .select({
      session: { id: chargingSessions.id, status: chargingSessions.status },
      station: stations,
      connector: connectors,
    })
    .from(chargingSessions)
    .innerJoin(stations, eq(stations.id, chargingSessions.stationId))
    .leftJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .where(
      and(
        eq(chargingSessions.ocpiPeeringId, peeringId),
        or(eq(chargingSessions.id, id), eq(chargingSessions.cdrId, sessionId)),
      ),
    )
    .get();
}

/** How many requests a session had since `since`. */
export async function requestsSince(db: Db, sessionId: number, since: Date): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(ocpiChargingProfiles)
    .where(and(eq(ocpiChargingProfiles.sessionId, sessionId), gte(ocpiChargingProfiles.createdAt, since)))
    .get();
  return row?.n ?? 0;
}

export async function insertProfileRequest(db: Db, row: typeof ocpiChargingProfiles.$inferInsert): Promise<number> {
  const inserted = await db.insert(ocpiChargingProfiles).values(row).returning({ id: ocpiChargingProfiles.id }).get();
  return inserted.id;
}

export async function settleProfileRequest(db: Db, id: number, result: string) {
  await db.update(ocpiChargingProfiles).set({ result }).where(eq(ocpiChargingProfiles.id, id));
}
