/**
 * @module Reads and writes of the OCPI locations and tariffs modules (ADR 057 addendum "Locations and
 * tariffs"): the stations bound to a peering (migration 0056) with their connectors and site, paged by
 * their OCPI `last_updated`; the operator's approved CPO tariffs; the bindings and their publish outcome.
 * Every read is scoped to the peering's operator company.
 */
import type { Db } from '@db/db';
import { connectors, locationStations, locations, stationPeerings, stations, tariffs } from '@db/schema';
import type { ConnectorSource, StationSource } from '@domain/ocpi/location-mapping';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PeeringRow } from './ocpi.store';

export type StationRow = typeof stations.$inferSelect;

/**
 * A station's OCPI `last_updated` in ms: the latest of its own change and its connectors' (a connector's
 * status change moves its `updated_at` by trigger, migration 0051, and `status_changed_at`).
 */
const LAST_UPDATED = sql<number>`max(coalesce(${stations.updatedAt}, 0), ${stations.createdAt}, coalesce((
  SELECT max(max(coalesce(c.updated_at, 0), c.created_at, coalesce(c.status_changed_at, 0)))
  FROM connectors c WHERE c.station_id = ${stations.id}), 0))`;

export interface BoundFilter {
  from?: Date;
  to?: Date;
}

function boundWhere(peering: PeeringRow, filter: BoundFilter) {
  return and(
    eq(stationPeerings.peeringId, peering.id),
    eq(stations.companyId, peering.companyId),
    filter.from ? sql`${LAST_UPDATED} >= ${filter.from.getTime()}` : undefined,
    filter.to ? sql`${LAST_UPDATED} < ${filter.to.getTime()}` : undefined,
  );
}

/** One page of the stations bound to a peering (by id), and how many there are with the filter. */
export async function boundStationsPage(
  db: Db,
  peering: PeeringRow,
  filter: BoundFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: StationRow[]; total: number }> {
  const where = boundWhere(peering, filter);
  const [counted, rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)` })
      .from(stationPeerings)
      .innerJoin(stations, eq(stations.id, stationPeerings.stationId))
      .where(where)
      .get(),
    db
      .select({ station: stations })
      .from(stationPeerings)
      .innerJoin(stations, eq(stations.id, stationPeerings.stationId))
      .where(where)
      .orderBy(asc(stations.id))
      .limit(page.limit)
      .offset(page.offset)
      .all(),
  ]);
  return { rows: rows.map((r) => r.station), total: counted?.n ?? 0 };
}

/** The bound station of a peering whose Location id is this (`uid`, or `S<id>` for long identities). */
export async function boundStationByLocationId(db: Db, peering: PeeringRow, id: string): Promise<StationRow | null> {
  const byId = /^S(\d+)$/.exec(id);
  const row = await db
    .select({ station: stations })
    .from(stationPeerings)
    .innerJoin(stations, eq(stations.id, stationPeerings.stationId))
    .where(
      and(
        boundWhere(peering, {}),
        byId
          ? sql`(${stations.uid} = ${id} OR (${stations.id} = ${Number(byId[1])} AND length(${stations.uid}) > 36))`
          : eq(stations.uid, id),
      ),
    )
    .get();
  return row?.station ?? null;
}

/** The station of the operator (any binding), for pushes and the onboarding steps. */
export const stationOfCompany = (db: Db, companyId: number, stationId: number) =>
  db
    .select()
    .from(stations)
    .where(and(eq(stations.id, stationId), eq(stations.companyId, companyId)))
    .get();

/** The stations' connectors and sites, as the mapping reads them. */
export async function stationSources(
  db: Db,
  list: readonly StationRow[],
): Promise<{ station: StationSource; connectors: ConnectorSource[] }[]> {
  if (list.length === 0) return [];
  const ids = list.map((s) => s.id);
  const [conns, sites] = await Promise.all([
    db.select().from(connectors).where(inArray(connectors.stationId, ids)).all(),
    db
      .select({ stationId: locationStations.stationId, openingHours: locations.openingHours })
      .from(locationStations)
      .innerJoin(locations, eq(locations.id, locationStations.locationId))
      .where(inArray(locationStations.stationId, ids))
      .all(),
  ]);
  return list.map((s) => ({
    station: {
      ...s,
      siteOpeningHours: sites.find((x) => x.stationId === s.id)?.openingHours ?? null,
    },
    connectors: conns
      .filter((c) => c.stationId === s.id)
      .map((c) => ({ ...c, capabilities: parseCapabilities(c.capabilitiesJson) })),
  }));
}

function parseCapabilities(json: string): string[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export const bindingOf = (db: Db, stationId: number, peeringId: number) =>
  db
    .select()
    .from(stationPeerings)
    .where(and(eq(stationPeerings.stationId, stationId), eq(stationPeerings.peeringId, peeringId)))
    .get();

export async function bindStation(db: Db, stationId: number, peeringId: number, at: Date) {
  await db.insert(stationPeerings).values({ stationId, peeringId, boundAt: at }).onConflictDoNothing();
}

export async function unbindStation(db: Db, stationId: number, peeringId: number) {
  await db
    .delete(stationPeerings)
    .where(and(eq(stationPeerings.stationId, stationId), eq(stationPeerings.peeringId, peeringId)));
}

/** Records the outcome of a Location push on the binding (when it still exists). */
export async function recordPublish(db: Db, stationId: number, peeringId: number, error: string | null, at: Date) {
  await db
    .update(stationPeerings)
    .set(error === null ? { publishedAt: at, publishError: null } : { publishError: error.slice(0, 500) })
    .where(and(eq(stationPeerings.stationId, stationId), eq(stationPeerings.peeringId, peeringId)));
}

export type TariffRow = typeof tariffs.$inferSelect;

/** The operator's approved CPO tariffs (every version: the caller keeps the latest of each chain). */
export const approvedCpoTariffs = (db: Db, companyId: number) =>
  db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.companyId, companyId), eq(tariffs.type, 'cpo'), eq(tariffs.status, 'approved')))
    .orderBy(asc(tariffs.id))
    .all();

export const tariffById = (db: Db, companyId: number, id: number) =>
  db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.id, id), eq(tariffs.companyId, companyId)))
    .get();

/** The queued Location push of a station to a peering that already failed (a user's retry sends it again). */
export async function failedLocationPush(db: Db, peeringId: number, objectKey: string): Promise<number | null> {
  const row = await db.$client
    .prepare(
      `SELECT id FROM ocpi_outbox WHERE peering_id = ? AND kind = 'location' AND object_key = ? AND state = 'queued'
       AND payload IS NULL AND attempts > 0`,
    )
    .bind(peeringId, objectKey)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Whether an earlier push of the same object still waits (the order per object). */
export async function earlierQueued(db: Db, peeringId: number, objectKey: string, id: number) {
  const row = await db.$client
    .prepare(`SELECT 1 FROM ocpi_outbox WHERE peering_id = ? AND object_key = ? AND state = 'queued' AND id < ?`)
    .bind(peeringId, objectKey, id)
    .first();
  return row !== null;
}

/** The registered peerings a station is bound to. */
export async function registeredPeeringsOfStation(db: Db, stationId: number): Promise<number[]> {
  const rows = await db.$client
    .prepare(
      `SELECT sp.peering_id AS peeringId FROM station_peerings sp JOIN ocpi_peerings p ON p.id = sp.peering_id
       WHERE sp.station_id = ? AND p.state = 'registered'`,
    )
    .bind(stationId)
    .all<{ peeringId: number }>();
  return rows.results.map((r) => r.peeringId);
}

/** The operator's registered peerings with the endpoints their partners list. */
export async function registeredPeeringsOfCompany(db: Db, companyId: number) {
  const rows = await db.$client
    .prepare(
      `SELECT id, endpoints_json AS endpointsJson FROM ocpi_peerings WHERE company_id = ? AND state = 'registered'`,
    )
    .bind(companyId)
    .all<{ id: number; endpointsJson: string }>();
  return rows.results;
}
