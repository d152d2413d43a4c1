/** @module The network status dashboard's store: stations online and offline, connectors by bucket, within the caller's tree. */

import { shownStatusSql } from '@api/lib/liveness.store';
import type { Db } from '@db/db';
import { listedStationInScope } from '@db/queries/stations.store';
import { companies, connectors, stations } from '@db/schema';
import { STATUS_BUCKETS } from '@domain/stations/buckets';
import { CONNECTOR_STATUSES, STATUS_BUCKET } from '@domain/stations/statuses';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

/** Connectors per bucket of their shown status (offline for an offline station's). */
const bucketColumns = () =>
  Object.fromEntries(
    STATUS_BUCKETS.map((b) => {
      const statuses = CONNECTOR_STATUSES.filter((s) => STATUS_BUCKET[s] === b);
      return [b, sql<number>`sum(${inArray(shownStatusSql(), statuses)})`];
    }),
  ) as Record<string, SQL<number>>;

const numbers = (row: Record<string, unknown>) =>
  Object.fromEntries(STATUS_BUCKETS.map((b) => [b, Number(row[b] ?? 0)])) as Record<string, number>;

/**
 * A station is online while its ChargePoint object says so (`stations.connected`, written on each
 * change: socket opened or closed, heartbeats stopped for `silentMinutes`, back online).
 */
export async function networkStatus(db: Db, scope: number[]) {
  const inScope = listedStationInScope(scope);
  const online = sql<number>`sum(${stations.connected})`;
  const [stationTotals, byCity, byOperator, silent] = await Promise.all([
    db
      .select({
        total: count(),
        online,
        never: sql<number>`sum(${stations.connected} = 0 AND ${stations.lastSeenAt} IS NULL)`,
      })
      .from(stations)
      .where(inScope),
    db
      .select({ city: stations.city, total: count(), ...bucketColumns() })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(inScope)
      .groupBy(stations.city)
      .orderBy(desc(count()))
      .limit(50),
    db
      .select({ id: companies.id, name: companies.name, total: count(), ...bucketColumns() })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(inScope)
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
      .where(and(inScope, eq(stations.connected, false)))
      .orderBy(sql`${stations.lastSeenAt} IS NOT NULL`, asc(stations.lastSeenAt), asc(stations.id))
      .limit(25),
  ]);
  const t = stationTotals[0] ?? { total: 0, online: 0, never: 0 };
  const total = Number(t.total);
  const on = Number(t.online ?? 0);
  return {
    stations: { total, online: on, offline: total - on, neverSeen: Number(t.never ?? 0) },
    byCity: byCity.map((r) => ({ city: r.city, total: r.total, buckets: numbers(r) })),
    byOperator: byOperator.map((r) => ({ id: r.id, name: r.name, total: r.total, buckets: numbers(r) })),
    notHeardFrom: silent.map((s) => ({ ...s, lastSeenAt: s.lastSeenAt?.toISOString() ?? null })),
  };
}
