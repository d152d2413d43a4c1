/** @module The map markers' store: one marker per station of the caller's tree, built as JSON by SQLite. */

import { shownStatusSql } from '@api/lib/liveness.store';
import type { Db } from '@db/db';
import { connectors, stations } from '@db/schema';
import type { ConnectorStatus } from '@domain/stations/statuses';
import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { connectorWhere } from '../list/list.store';
import type { MapMarkerBody } from './map-markers.schemas';

/** Connector statuses that make a station's marker red, grey, green or blue. */
const FAULTED: ConnectorStatus[] = ['faulted'];
const BUSY: ConnectorStatus[] = ['preparing', 'charging', 'finishing', 'suspended_ev', 'suspended_evse', 'reserved'];

const MARKER_LIMIT = 20_000;

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
    WHEN sum(${inArray(shown, FAULTED)}) > 0 THEN 'faulted'
    WHEN sum(${shown} = 'offline') = count(*) THEN 'offline'
    WHEN sum(${shown} = 'available') > 0 THEN 'available'
    WHEN sum(${inArray(shown, BUSY)}) > 0 THEN 'charging'
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
