/** @module The connector overview's store: status counters and recent faults, within the caller's company tree. */

import { offlineStationConnectorCounts } from '@api/lib/liveness.store';
import type { Db } from '@db/db';
import { listedConnectorCounts, listedStationInScope } from '@db/queries/stations.store';
import { connectors, stations } from '@db/schema';
import { and, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';

/**
 * The counters the triggers keep per operator, owner and status: a few rows, not every connector in
 * scope (bench:stations, ADR 032); beside them, in the same round trip, the connectors of the offline
 * stations, which show as offline (ADR 032 addendum 2).
 */
export async function statusCounts(db: Db, scope: number[]) {
  const [reported, offline] = await db.batch([
    listedConnectorCounts(db, scope),
    offlineStationConnectorCounts(db, scope),
  ]);
  return { reported, offline };
}

const FAULT_LIMIT = 20;

/**
 * Connectors of online stations in Faulted state or reporting an error code, newest first (an
 * offline station's last report is history: its connectors show offline), and how many there are.
 */
export async function recentFaults(db: Db, scope: number[]) {
  const condition = and(
    listedStationInScope(scope),
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
  return { rows, total: totals[0]?.n ?? 0 };
}
