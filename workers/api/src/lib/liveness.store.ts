/**
 * @module The liveness rule of domain/stations/liveness.ts in SQL, for the screens that count and
 * filter connectors in the database: a connector of an offline station shows `offline`.
 */

import type { Db } from '@db/db';
import { listedStationInScope } from '@db/queries/stations.store';
import { connectors, stations } from '@db/schema';
import { KEPT_WHEN_OFFLINE } from '@domain/stations/liveness';
import type { ConnectorStatus } from '@domain/stations/statuses';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';

const kept = sql.join(
  KEPT_WHEN_OFFLINE.map((s) => sql`${s}`),
  sql`, `,
);

/** `shownConnectorStatus` over a status and a connected column (or raw SQL for aliased tables). */
export function shownStatusSql(
  status: AnyColumn | SQL = connectors.status,
  connected: AnyColumn | SQL = stations.connected,
): SQL<ConnectorStatus> {
  return sql<ConnectorStatus>`(CASE WHEN ${connected} = 1 OR ${status} IN (${kept}) THEN ${status} ELSE 'offline' END)`;
}

/**
 * Connectors of the listed stations in scope that are offline, by reported status: what
 * `shownStatusCounts` moves out of the maintained counters (read in the same batch as them).
 * `skip` makes it a statement that reads nothing, for a batch of fixed shape.
 */
export function offlineStationConnectorCounts(
  db: Db,
  scope: number[],
  only: { operatorId?: number; ownerId?: number; skip?: boolean } = {},
) {
  return db
    .select({ status: connectors.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(stations)
    .innerJoin(connectors, eq(connectors.stationId, stations.id))
    .where(
      and(
        only.skip ? sql`0` : undefined,
        listedStationInScope(scope),
        eq(stations.connected, false),
        only.operatorId ? eq(stations.companyId, only.operatorId) : undefined,
        only.ownerId ? eq(stations.ownerCompanyId, only.ownerId) : undefined,
      ),
    )
    .groupBy(connectors.status);
}
