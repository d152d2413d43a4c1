/**
 * @module Queries of locations: every one limited to the caller's company tree; a location's
 * stations are listed, and linked, only where the caller sees them.
 */

import { auditInsert } from '@api/lib/audit.store';
import { contains } from '@api/lib/like';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { stationInScope } from '@db/queries/stations.store';
import { companies, locationStations, locations, stations } from '@db/schema';
import { and, asc, count, eq, like, or, sql } from 'drizzle-orm';
import { toLocation } from './locations.schemas';

/** `column IN ids`, bound as one JSON value whatever the number of ids (D1 allows 100 parameters). */
const inIds = (column: Parameters<typeof inCompanies>[0], ids: readonly number[]) => inCompanies(column, ids);

const stationCount = sql<number>`(SELECT count(*) FROM location_stations ls WHERE ls.location_id = ${locations.id})`;

const columns = { l: locations, companyName: companies.name, stationCount };

export async function listLocations(
  db: Db,
  scope: number[],
  q: { page: number; items_per_page: number; keyword?: string | undefined },
) {
  const p = q.keyword ? contains(q.keyword) : undefined;
  const where = and(
    inCompanies(locations.companyId, scope),
    p
      ? or(like(locations.name, p), like(locations.city, p), like(locations.address, p), like(locations.uid, p))
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(locations)
      .innerJoin(companies, eq(companies.id, locations.companyId))
      .where(where)
      .orderBy(asc(locations.name), asc(locations.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db.select({ n: count() }).from(locations).where(where),
  ]);
  return { data: rows.map(toLocation), total: totals[0]?.n ?? 0, page: q.page, items_per_page: q.items_per_page };
}

/** The location `uid` of the scope, as its row; undefined otherwise. */
export async function findLocation(db: Db, scope: number[], uid: string) {
  return db
    .select(columns)
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.uid, uid), inCompanies(locations.companyId, scope)))
    .get();
}

/** The location `uid` of the scope with the stations of the scope linked to it. */
export async function locationDetail(db: Db, scope: number[], uid: string) {
  const row = await findLocation(db, scope, uid);
  if (!row) return undefined;
  const linked = await db
    .select({
      id: stations.id,
      uid: stations.uid,
      name: stations.name,
      city: stations.city,
      address: stations.address,
      connected: stations.connected,
      connectorCount: sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id})`,
      firstConnectorId: sql<number | null>`(SELECT min(c.id) FROM connectors c WHERE c.station_id = ${stations.id})`,
    })
    .from(locationStations)
    .innerJoin(stations, eq(stations.id, locationStations.stationId))
    .where(and(eq(locationStations.locationId, row.l.id), stationInScope(scope)))
    .orderBy(asc(stations.name), asc(stations.id));
  return {
    ...toLocation(row),
    stations: linked.map((s) => ({
      ...s,
      connectorCount: Number(s.connectorCount),
      firstConnectorId: s.firstConnectorId === null ? null : Number(s.firstConnectorId),
    })),
  };
}

/** The first of `ids` that is not a station of the scope, if any. */
export async function firstMissingStation(db: Db, scope: number[], ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return undefined;
  const found = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(inIds(stations.id, unique), stationInScope(scope)));
  const known = new Set(found.map((r) => r.id));
  return unique.find((id) => !known.has(id));
}

export type LocationFields = Omit<
  typeof locations.$inferInsert,
  'id' | 'uid' | 'companyId' | 'createdAt' | 'updatedAt'
>;

/**
 * Updates the location `loc.id` or, without an id, creates the location `loc.uid` in `loc.companyId`;
 * then (with `stationIds`) replaces its stations, a station moving here from any other location. The
 * audit row goes in the same batch as the links.
 */
export async function saveLocation(
  db: Db,
  actorUserId: number,
  loc: { id?: number | undefined; uid: string; companyId: number },
  fields: LocationFields,
  stationIds: readonly number[] | undefined,
) {
  const id =
    loc.id ??
    (
      await db
        .insert(locations)
        .values({ ...fields, uid: loc.uid, companyId: loc.companyId })
        .returning({ id: locations.id })
        .get()
    ).id;
  if (loc.id !== undefined) {
    await db
      .update(locations)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(locations.id, id));
  }
  const links = stationIds
    ? [
        db.delete(locationStations).where(eq(locationStations.locationId, id)),
        db
          .insert(locationStations)
          .select(
            db
              .select({ stationId: stations.id, locationId: sql<number>`${id}`.as('location_id') })
              .from(stations)
              .where(inIds(stations.id, [...new Set(stationIds)])),
          )
          .onConflictDoUpdate({ target: locationStations.stationId, set: { locationId: id } }),
      ]
    : [];
  await db.batch([
    auditInsert(db, {
      action: loc.id !== undefined ? 'location.update' : 'location.create',
      actorUserId,
      companyId: loc.companyId,
      entity: 'location',
      entityId: loc.uid,
      detail: { name: fields.name, stations: stationIds?.length },
    }),
    ...links,
  ]);
}
