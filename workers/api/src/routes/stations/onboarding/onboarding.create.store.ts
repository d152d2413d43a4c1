/**
 * @module Writes and reads of creating a station from a template: the station, its connectors, its
 * create step and an audit row in one batch, then the station and its connectors as created.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { companies, connectors, stations } from '@db/schema';
import { eq, sql } from 'drizzle-orm';
import { stepUpsert } from './onboarding.store';

/** The operator's name (it prefixes generated OCPP identities and EVSE ids). */
export async function companyName(db: Db, companyId: number) {
  return (await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).get())?.name;
}

/** Whether a station of any company has this uid (uids are unique across companies). */
export async function uidTaken(db: Db, uid: string) {
  return (await db.select({ id: stations.id }).from(stations).where(eq(stations.uid, uid)).get()) !== undefined;
}

export type NewStation = typeof stations.$inferInsert & { uid: string };
export type NewConnector = Omit<typeof connectors.$inferInsert, 'stationId'>;

/** The station, its connectors, its create step (done) and the audit row, in one batch. */
export async function insertStation(
  db: Db,
  station: NewStation,
  plugs: NewConnector[],
  userId: number,
  audit: AuditEntry,
) {
  const stationIdOf = sql`(SELECT id FROM stations WHERE uid = ${station.uid})`;
  await db.batch([
    db.insert(stations).values(station),
    ...plugs.map((p) => db.insert(connectors).values({ ...p, stationId: stationIdOf as unknown as number })),
    stepUpsert(db, stationIdOf, 'create', 'done', null, userId),
    auditInsert(db, audit),
  ]);
}

/** The station as created, by uid (just inserted by this caller). */
export function createdStation(db: Db, uid: string) {
  return db.select().from(stations).where(eq(stations.uid, uid)).get();
}

/** A station's connectors, by number. */
export function connectorsOf(db: Db, stationId: number) {
  return db
    .select({
      id: connectors.id,
      uid: connectors.uid,
      connectorNumber: connectors.connectorNumber,
      evseId: connectors.evseId,
    })
    .from(connectors)
    .where(eq(connectors.stationId, stationId))
    .orderBy(connectors.connectorNumber);
}
