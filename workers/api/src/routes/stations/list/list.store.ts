/** @module Network queries: map markers, recent faults, network status and the station list, all company-scoped. */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies';
import { shownStatusSql } from '@db/queries/liveness';
import { stationGroupConditions } from '@db/queries/station-groups';
import { likeLiteral, listedStationInScope, stationKeywordCandidates } from '@db/queries/stations';
import { companies, companyGroups, connectorGroups, connectors, stations } from '@db/schema';
import { CONNECTOR_STATUSES, type ConnectorStatus, STATUS_BUCKET } from '@domain/stations/statuses';
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
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

export const MARKER_LIMIT = 20_000;

const scopeOf = listedStationInScope;

/**
 * One marker per station with coordinates, aggregated over its connectors that pass the filters, as
 * the JSON text of the `MapMarkers` answer. SQLite builds the JSON (json_object per station, one
 * json_group_array): 10,000 markers cross from D1 as one string instead of 10,000 row objects that
 * the worker would map and serialise again (ADR 032 addendum). Colour: an offline station is
 * offline (its connectors show offline, domain/stations/liveness.ts); else faulted wins, then
 * all-offline, then any available, then busy, else unavailable.
 */
export async function mapMarkersJson(db: Db, scope: number[], f: z.output<typeof MapMarkerBody>): Promise<string> {
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
  const shown = shownStatusSql();
  const bucket = sql`CASE
    WHEN ${stations.connected} = 0 THEN 'offline'
    WHEN sum(${shown} IN (${inList(FAULTED)})) > 0 THEN 'faulted'
    WHEN sum(${shown} = 'offline') = count(*) THEN 'offline'
    WHEN sum(${shown} = 'available') > 0 THEN 'available'
    WHEN sum(${shown} IN (${inList(BUSY)})) > 0 THEN 'charging'
    ELSE 'unavailable' END`;
  const perStation = db
    .select({
      marker: sql<string>`json_object('id', ${stations.id}, 'name', ${stations.name}, 'city', ${stations.city},
        'lat', ${stations.latitude}, 'lng', ${stations.longitude}, 'connectorId', min(${connectors.id}),
        'connectors', count(*), 'bucket', ${bucket})`.as('marker'),
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(...where))
    .groupBy(stations.id)
    .orderBy(asc(stations.id))
    .limit(MARKER_LIMIT + 1)
    .as('m');
  // The subquery yields the markers in station order; the aggregate keeps that order.
  const [row] = await db
    .select({
      markers: sql<string>`json_group_array(json(${perStation.marker}))`,
      n: count(),
    })
    .from(perStation);
  const n = row?.n ?? 0;
  if (n <= MARKER_LIMIT) return `{"markers":${row?.markers ?? '[]'},"truncated":false}`;
  // More than the limit: drop the extra marker fetched only to tell.
  const markers = JSON.parse(row?.markers ?? '[]') as unknown[];
  return JSON.stringify({ markers: markers.slice(0, MARKER_LIMIT), truncated: true });
}

const FAULT_LIMIT = 20;

/**
 * Connectors of online stations in Faulted state or reporting an error code, newest first (an
 * offline station's last report is history: its connectors show offline).
 */
export async function recentFaults(db: Db, scope: number[]) {
  const condition = and(
    scopeOf(scope),
    eq(stations.connected, true),
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
/** Connectors per bucket of their shown status (offline for an offline station's). */
const bucketColumns = () =>
  Object.fromEntries(
    BUCKET_NAMES.map((b) => {
      const statuses = CONNECTOR_STATUSES.filter((s) => STATUS_BUCKET[s] === b);
      return [b, sql<number>`sum(${shownStatusSql()} IN (${inList(statuses)}))`];
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
      .select({
        total: count(),
        online,
        never: sql<number>`sum(${stations.connected} = 0 AND ${stations.lastSeenAt} IS NULL)`,
      })
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
        statuses ? sql` AND ${shownStatusSql(sql`c.status`, stations.connected)} IN (${inList(statuses)})` : sql``
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
  // Page and total in one D1 batch (one round trip); the page reads only the columns it answers with,
  // under names no other column of the row uses (batched rows are mapped by position from objects).
  const st = stations;
  const [rows, totals] = await db.batch([
    db
      .select({
        s: {
          id: st.id,
          uid: st.uid,
          name: st.name,
          address: st.address,
          postalCode: st.postalCode,
          city: st.city,
          country: st.country,
          latitude: st.latitude,
          longitude: st.longitude,
          companyId: st.companyId,
          ownerCompanyId: st.ownerCompanyId,
          type: st.type,
          powerType: st.powerType,
          brand: st.brand,
          model: st.model,
          firmware: st.firmware,
          lastSeenAt: st.lastSeenAt,
          connected: st.connected,
        },
        operatorName: sql<string>`${companies.name}`.as('operator_name_'),
        connectors: connectorCount.as('connectors_'),
        // By shown status: an offline station has none faulted or available (they show offline).
        faulted:
          sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id} AND ${shownStatusSql(sql`c.status`, stations.connected)} = 'faulted')`.as(
            'faulted_',
          ),
        available:
          sql<number>`(SELECT count(*) FROM connectors c WHERE c.station_id = ${stations.id} AND ${shownStatusSql(sql`c.status`, stations.connected)} = 'available')`.as(
            'available_',
          ),
        connectorId: sql<number | null>`(SELECT min(c.id) FROM connectors c WHERE c.station_id = ${stations.id})`.as(
          'connector_id_',
        ),
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
