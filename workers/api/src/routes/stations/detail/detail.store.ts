/** @module The only file of the station detail that touches the database; every read within the caller's tree. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { companies, connectors, ocpiPeerings, stationPeerings, stations } from '@db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { StoredStation } from './detail.schemas';

const owners = alias(companies, 'owners');

/** A station operated or owned in the caller's tree, with its operator's and owner's names and its connectors. */
export async function loadStation(db: Db, scope: number[], id: number): Promise<StoredStation | null> {
  const row = await db
    .select({ s: stations, operatorName: companies.name, ownerName: owners.name })
    .from(stations)
    .innerJoin(companies, eq(companies.id, stations.companyId))
    .leftJoin(owners, eq(owners.id, stations.ownerCompanyId))
    .where(and(eq(stations.id, id), stationInScope(scope)))
    .get();
  if (!row) return null;
  const plugs = await db
    .select({
      id: connectors.id,
      uid: connectors.uid,
      connectorNumber: connectors.connectorNumber,
      evseId: connectors.evseId,
    })
    .from(connectors)
    .where(eq(connectors.stationId, id))
    .orderBy(asc(connectors.connectorNumber));
  const bound = await db
    .select({ id: stationPeerings.peeringId, public: ocpiPeerings.public })
    .from(stationPeerings)
    .innerJoin(ocpiPeerings, eq(ocpiPeerings.id, stationPeerings.peeringId))
    .where(eq(stationPeerings.stationId, id))
    .orderBy(asc(stationPeerings.peeringId));
  return { ...row, plugs, peerings: bound.map((p) => ({ id: String(p.id), public: p.public })) };
}

/** The update of a station (loaded through `loadStation` first) and its audit row, in one batch. */
export async function updateStation(
  db: Db,
  id: number,
  changes: Partial<typeof stations.$inferInsert>,
  audit: AuditEntry,
): Promise<void> {
  await db.batch([
    db
      .update(stations)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(stations.id, id)),
    auditInsert(db, audit),
  ]);
}
