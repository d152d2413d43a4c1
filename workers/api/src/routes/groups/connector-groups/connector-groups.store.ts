/**
 * @module Queries of a connector group's pages: its sessions (matched by station and connector number,
 * as recorded) and their totals, within the caller's company tree.
 */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { chargingSessions, connectors, stations } from '@db/schema';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { toGroupSession, toTotals } from './connector-groups.schemas';

/** Sessions recorded on the group's connectors (matched by station and connector number, as recorded). */
function sessionsOfGroup(scope: number[], groupId: number) {
  return and(
    sql`EXISTS (SELECT 1 FROM connector_group_connectors m WHERE m.group_id = ${groupId} AND m.connector_id = ${connectors.id})`,
    stationInScope(scope),
  );
}

/** Totals of the group's sessions (closed and in progress), for `toTotals`. */
export async function groupTotals(db: Db, scope: number[], groupId: number, connectorCount: number) {
  const rows = await db
    .select({
      status: chargingSessions.status,
      n: count(),
      energy: sql<number>`coalesce(sum(${chargingSessions.energyWh}), 0)`,
      minutes: sql<number>`coalesce(sum(${chargingSessions.chargingMinutes}), 0)`,
      duration: sql<number>`coalesce(sum(${chargingSessions.durationS}), 0)`,
      first: sql<number | null>`min(${chargingSessions.startAt})`,
      last: sql<number | null>`max(${chargingSessions.startAt})`,
    })
    .from(chargingSessions)
    .innerJoin(
      connectors,
      and(
        eq(connectors.stationId, chargingSessions.stationId),
        eq(connectors.connectorNumber, chargingSessions.connectorNumber),
      ),
    )
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(sessionsOfGroup(scope, groupId))
    .groupBy(chargingSessions.status);
  return toTotals(rows, connectorCount);
}

export async function groupSessions(
  db: Db,
  scope: number[],
  groupId: number,
  q: { page: number; items_per_page: number },
) {
  const where = sessionsOfGroup(scope, groupId);
  const join = and(
    eq(connectors.stationId, chargingSessions.stationId),
    eq(connectors.connectorNumber, chargingSessions.connectorNumber),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        s: chargingSessions,
        connectorId: connectors.id,
        evseId: connectors.evseId,
        stationName: stations.name,
      })
      .from(chargingSessions)
      .innerJoin(connectors, join)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(where)
      .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db
      .select({ n: count() })
      .from(chargingSessions)
      .innerJoin(connectors, join)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(where),
  ]);
  return {
    data: rows.map(toGroupSession),
    total: totals[0]?.n ?? 0,
    page: q.page,
    items_per_page: q.items_per_page,
  };
}
