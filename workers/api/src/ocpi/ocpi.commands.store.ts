/**
 * @module Reads and writes of the commands receiver (migration 0057): the station and connector an
 * OCPI Location / EVSE / Connector names (only the operator's stations bound to the peering), the
 * session a STOP_SESSION names (only the peering's own), and the `ocpi_commands` rows.
 */
import type { Db } from '@db/db';
import { chargingSessions, connectors, ocpiCommands } from '@db/schema';
import { and, desc, eq, or } from 'drizzle-orm';
import { boundStationByLocationId, stationOfCompany } from './ocpi.locations.store';
import type { PeeringRow } from './ocpi.store';

export type CommandRow = typeof ocpiCommands.$inferSelect;

/**
 * The station and connector named by our OCPI ids (domain/ocpi/location-mapping.ts): Location.id = the
 * station's OCPP identity (`S<id>` past 36 characters), EVSE uid = the connector's uid (its EVSE id is
 * accepted too), Connector.id = the connector number. A Location id finds only a station of the
 * peering's operator bound to the peering (published to it, migration 0056): null for any other.
 * `stationId` is ours, the station of the peering's own session or reservation: any station of the
 * operator (the peering may stop what it started after an unbinding). Undefined: the station is known,
 * the EVSE not.
 */
export async function targetOf(
  db: Db,
  peering: PeeringRow,
  place:
    | { locationId: string; evseUid?: string | undefined; connectorId?: string | undefined }
    | { stationId: number; evseUid?: undefined; connectorId?: undefined },
) {
  const station =
    'stationId' in place
      ? await stationOfCompany(db, peering.companyId, place.stationId)
      : await boundStationByLocationId(db, peering, place.locationId);
  if (!station) return null;
  const all = await db.select().from(connectors).where(eq(connectors.stationId, station.id)).all();
  if (place.evseUid === undefined) return { station, connector: all.length === 1 ? (all[0] ?? null) : null };
  const evse = place.evseUid;
  const connector = all.find((x) => x.uid === evse || x.evseId === evse) ?? null;
  if (!connector) return undefined;
  // One connector per EVSE, whose id is the connector number.
  if (place.connectorId !== undefined && place.connectorId !== String(connector.connectorNumber)) return undefined;
  return { station, connector };
}

/** The peering's session named by an OCPI Session.id (our session id or its CDR id). */
export async function peeringSession(db: Db, peeringId: number, sessionId: string) {
  const id = /^\d+$/.test(sessionId) ? Number(sessionId) : -1;
  return db
    .select({ id: chargingSessions.id, status: chargingSessions.status, stationId: chargingSessions.stationId })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.ocpiPeeringId, peeringId),
        or(eq(chargingSessions.id, id), eq(chargingSessions.cdrId, sessionId)),
      ),
    )
    .get();
}

export async function insertCommand(db: Db, row: typeof ocpiCommands.$inferInsert): Promise<number> {
  const inserted = await db.insert(ocpiCommands).values(row).returning({ id: ocpiCommands.id }).get();
  return inserted.id;
}

export async function settleCommand(db: Db, id: number, result: string) {
  await db.update(ocpiCommands).set({ result }).where(eq(ocpiCommands.id, id));
}

/** The peering's latest RESERVE_NOW of this reservation id. */
export const reservationOf = (db: Db, peeringId: number, reservationId: string) =>
  db
    .select()
    .from(ocpiCommands)
    .where(
      and(
        eq(ocpiCommands.peeringId, peeringId),
        eq(ocpiCommands.reservationId, reservationId),
        eq(ocpiCommands.command, 'RESERVE_NOW'),
      ),
    )
    .orderBy(desc(ocpiCommands.id))
    .get();

/** The latest START_SESSION since `since` (ms) for this token at this station, unless its charge point refused it. */
export async function startSessionFor(db: Db, idTag: string, stationId: number, since: number) {
  return db.$client
    .prepare(
      `SELECT peering_id, token_uid, authorization_reference FROM ocpi_commands
       WHERE station_id = ?1 AND token_uid IN (?2, upper(?2)) AND command = 'START_SESSION'
         AND created_at >= ?3 AND coalesce(result, 'ACCEPTED') = 'ACCEPTED'
       ORDER BY id DESC LIMIT 1`,
    )
    .bind(stationId, idTag.trim(), since)
    .first<{ peering_id: number; token_uid: string; authorization_reference: string | null }>();
}
