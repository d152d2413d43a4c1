/** @module Network queries: map markers, recent faults, network status and the station list, all company-scoped. */
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CONNECTOR_STATUSES, type ConnectorStatus, STATUS_BUCKET } from '../../../../../domain/stations/statuses';
import type { Db } from '../../../../../drizzle/db';
import { inCompanies } from '../../../../../drizzle/queries/companies';
import { stationGroupConditions } from '../../../../../drizzle/queries/station-groups';
import { likeLiteral, listedStationInScope, stationKeywordCandidates } from '../../../../../drizzle/queries/stations';
import { companies, companyGroups, connectorGroups, connectors, stations } from '../../../../../drizzle/schema';
import { connectorWhere } from '../connectors/connectors.list';
import type { MapMarkerBody, StationListBody } from './network.schemas';

/** Connector statuses that make a station's marker red, grey, green or blue. */
const FAULTED: ConnectorStatus[] = ['faulted'];
const BUSY: ConnectorStatus[] = ['preparing', 'charging', 'finishing', 'suspended_ev', 'suspended_evse', 'reserved'];
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A station's marker colour: faulted wins, then all-offline, then any available, then busy, else unavailable. */
export function markerBucket(n: {
  total: number;
  faulted: number;
  offline: number;
  available: number;
  busy: number;
}): 'faulted' | 'offline' | 'available' | 'charging' | 'unavailable' {
  if (n.faulted > 0) return 'faulted';
  if (n.offline === n.total) return 'offline';
  if (n.available > 0) return 'available';
  if (n.busy > 0) return 'charging';
  return 'unavailable';
}

export const MARKER_LIMIT = 20_000;

const scopeOf = listedStationInScope;

/** One marker per station with coordinates, aggregated over its connectors that pass the filters. */
export async function mapMarkers(db: Db, scope: number[], f: z.output<typeof MapMarkerBody>) {
  const where: (SQL | undefined)[] = [
    connectorWhere(scope, f),
    isNotNull(stations.latitude),
    isNotNull(stations.longitude),
  ];
  if (f.bbox) {
    const [west, south, east, north] = f.bbox;
    where.push(
      sql`${stations.latitude} BETWEEN ${south} AND ${north} AND ${stations.longitude} BETWEEN ${west} AND ${east}`,
    );
  }
  const rows = await db
    .select({
      id: stations.id,
      name: stations.name,
      city: stations.city,
      lat: stations.latitude,
      lng: stations.longitude,
      connectorId: sql<number>`min(${connectors.id})`,
      total: count(),
      faulted: sql<number>`sum(${connectors.status} IN (${inList(FAULTED)}))`,
      offline: sql<number>`sum(${connectors.status} = 'offline')`,
      available: sql<number>`sum(${connectors.status} = 'available')`,
      busy: sql<number>`sum(${connectors.status} IN (${inList(BUSY)}))`,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(...where))
    .groupBy(stations.id)
    .orderBy(asc(stations.id))
    .limit(MARKER_LIMIT + 1);
  const truncated = rows.length > MARKER_LIMIT;
  return {
    markers: rows.slice(0, MARKER_LIMIT).map((r) => ({
      id: r.id,
      name: r.name,
      city: r.city,
      lat: r.lat ?? 0,
      lng: r.lng ?? 0,
      connectorId: r.connectorId,
      connectors: r.total,
      bucket: markerBucket(r),
    })),
    truncated,
  };
}

const FAULT_LIMIT = 20;

/** Connectors in Faulted state or reporting an error code, newest first. */
export async function recentFaults(db: Db, scope: number[]) {
  const condition = and(
    scopeOf(scope),
    or(
      eq(connectors.status, 'faulted'),
      and(isNotNull(connectors.errorCode), sql`${connectors.errorCode} <> 'NoError'`),
    ),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ c: connectors, station: stations.name, city: stations.city })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(condition)
      .orderBy(desc(connectors.statusChangedAt), desc(connectors.id))
      .limit(FAULT_LIMIT),
    db
      .select({ n: count() })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(condition),
  ]);
  return {
    data: rows.map(({ c, station, city }) => ({
      id: c.id,
      evseId: c.evseId,
      status: c.status,
      bucket: STATUS_BUCKET[c.status],
      errorCode: c.errorCode,
      statusInfo: c.statusInfo,
      since: c.statusChangedAt?.toISOString() ?? null,
      stationName: station,
      city,
    })),
    total: totals[0]?.n ?? 0,
  };
}

const BUCKET_NAMES = [...new Set(Object.values(STATUS_BUCKET))];
const bucketColumns = () =>
  Object.fromEntries(
    BUCKET_NAMES.map((b) => {
      const statuses = CONNECTOR_STATUSES.filter((s) => STATUS_BUCKET[s] === b);
      return [b, sql<number>`sum(${connectors.status} IN (${inList(statuses)}))`];
    }),
  ) as Record<string, SQL<number>>;

const numbers = (row: Record<string, unknown>) =>
  Object.fromEntries(BUCKET_NAMES.map((b) => [b, Number(row[b] ?? 0)])) as Record<string, number>;

/**
 * A station is online while its ChargePoint object says so (`stations.connected`, written on each
 * change: socket opened or closed, heartbeats stopped for `silentMinutes`, back online).
 */
export async function networkStatus(db: Db, scope: number[], silentMinutes: number) {
  const online = sql<number>`sum(${stations.connected})`;
  const [stationTotals, byCity, byOperator, silent] = await Promise.all([
    db
      .select({ total: count(), online, never: sql<number>`sum(${stations.lastSeenAt} IS NULL)` })
      .from(stations)
      .where(scopeOf(scope)),
    db
      .select({ city: stations.city, total: count(), ...bucketColumns() })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(scopeOf(scope))
      .groupBy(stations.city)
      .orderBy(desc(count()))
      .limit(50),
    db
      .select({ id: companies.id, name: companies.name, total: count(), ...bucketColumns() })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(scopeOf(scope))
      .groupBy(companies.id)
      .orderBy(desc(count()))
      .limit(50),
    db
      .select({
        id: stations.id,
        uid: stations.uid,
        name: stations.name,
        city: stations.city,
        lastSeenAt: stations.lastSeenAt,
        connectorId: sql<number | null>`(SELECT min(c.id) FROM connectors c WHERE c.station_id = ${stations.id})`,
      })
      .from(stations)
      .where(and(scopeOf(scope), eq(stations.connected, false)))
      .orderBy(sql`${stations.lastSeenAt} IS NOT NULL`, asc(stations.lastSeenAt), asc(stations.id))
      .limit(25),
  ]);
  const t = stationTotals[0] ?? { total: 0, online: 0, never: 0 };
  const total = Number(t.total);
  const on = Number(t.online ?? 0);
  return {
    silentMinutes,
    stations: { total, online: on, offline: total - on, neverSeen: Number(t.never ?? 0) },
    byCity: byCity.map((r) => ({ city: r.city, total: r.total, buckets: numbers(r) })),
    byOperator: byOperator.map((r) => ({ id: r.id, name: r.name, total: r.total, buckets: numbers(r) })),
    notHeardFrom: silent.map((s) => ({ ...s, lastSeenAt: s.lastSeenAt?.toISOString() ?? null })),
  };
}

/** Options for the list filters, all within the scope. */
export async function filterOptions(db: Db, scope: number[]) {
  const owners = db
    .selectDistinct({ id: companies.id, name: companies.name })
    .from(stations)
    .innerJoin(companies, eq(companies.id, stations.ownerCompanyId))
    .where(scopeOf(scope))
    .orderBy(asc(companies.name));
  const [operators, ownerRows, cities, groups, tags] = await Promise.all([
    db
      .selectDistinct({ id: companies.id, name: companies.name })
      .from(stations)
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(scopeOf(scope))
      .orderBy(asc(companies.name)),
    owners,
    db
      .selectDistinct({ city: stations.city })
      .from(stations)
      .where(and(scopeOf(scope), isNotNull(stations.city)))
      .orderBy(asc(stations.city)),
    db
      .select({ id: companyGroups.id, name: companyGroups.name, level: companyGroups.level })
      .from(companyGroups)
      .where(inArray(companyGroups.companyId, scope))
      .orderBy(asc(companyGroups.level), asc(companyGroups.name)),
    db
      .select({ id: connectorGroups.id, name: connectorGroups.name })
      .from(connectorGroups)
      .where(inCompanies(connectorGroups.companyId, scope))
      .orderBy(asc(connectorGroups.name))
      .limit(500),
  ]);
  return {
    operators,
    owners: ownerRows,
    cities: cities.flatMap((c) => (c.city ? [c.city] : [])),
    groups,
    tags,
    statuses: BUCKET_NAMES,
  };
}

/** Stations of the scope with their connector counts; status and power filters look at the connectors. */
export async function listStations(db: Db, scope: number[], f: z.output<typeof StationListBody>) {
  const where: (SQL | undefined)[] = [scopeOf(scope)];
  if (f.keyword) {
    const k = f.keyword;
    // Candidates from the trigram index (3+ characters), then the exact LIKE decides.
    where.push(stationKeywordCandidates(k));
    where.push(or(...[stations.name, stations.uid, stations.city, stations.address].map((col) => likeLiteral(col, k))));
  }
  if (f.city?.length) where.push(inArray(stations.city, f.city));
  if (f.operator_id) where.push(eq(stations.companyId, f.operator_id));
  if (f.owner_id) where.push(eq(stations.ownerCompanyId, f.owner_id));
  where.push(...stationGroupConditions(f));
  if (f.status?.length || f.power_type) {
    const statuses = f.status?.length ? CONNECTOR_STATUSES.filter((s) => f.status?.includes(STATUS_BUCKET[s])) : null;
    where.push(
      sql`EXISTS (SELECT 1 FROM connectors c WHERE c.station_id = ${stations.id}${
        statuses ? sql` AND c.status IN (${inList(statuses)})` : sql``
      }${f.power_type ? sql` AND c.power_type = ${f.power_type}` : sql``})`,
    );
  }
  if (f.online) where.push(eq(stations.connected, f.online === 'online'));
  const condition = and(...where);
  const connectorCount = sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id})`;
  const sortColumn = {
    name: stations.name,
    uid: stations.uid,
    city: stations.city,
    last_seen: stations.lastSeenAt,
    connectors: connectorCount,
  }[f.sort];
  const [rows, totals] = await Promise.all([
    db
      .select({
        s: stations,
        operatorName: companies.name,
        connectors: connectorCount,
        faulted: sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id} AND c.status = 'faulted')`,
        available: sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id} AND c.status = 'available')`,
        connectorId: sql<number | null>`(SELECT min(c.id) FROM connectors c WHERE c.station_id = ${stations.id})`,
      })
      .from(stations)
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(condition)
      .orderBy(f.direction === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(stations.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(stations).where(condition),
  ]);
  return {
    data: rows.map(({ s, operatorName, connectors: n, faulted, available, connectorId }) => ({
      id: s.id,
      uid: s.uid,
      name: s.name,
      address: s.address,
      postalCode: s.postalCode,
      city: s.city,
      country: s.country,
      latitude: s.latitude,
      longitude: s.longitude,
      operatorId: s.companyId,
      operatorName,
      ownerId: s.ownerCompanyId,
      type: s.type,
      powerType: s.powerType,
      brand: s.brand,
      model: s.model,
      firmware: s.firmware,
      connectors: Number(n),
      faulted: Number(faulted),
      available: Number(available),
      connectorId: connectorId === null ? null : Number(connectorId),
      lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
      online: s.connected,
    })),
    total: totals[0]?.n ?? 0,
    page: f.page,
    items_per_page: f.items_per_page,
  };
}
