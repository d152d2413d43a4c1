/** @module The connector detail's store: one connector and its sessions, within the caller's company tree. */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { chargingSessions, companies, connectors, stations } from '@db/schema';
import type { SessionStatusGroup } from '@domain/sessions/connector-totals';
import { and, count, desc, eq, max, min, sum } from 'drizzle-orm';

/** The connector with its station and operator's name; undefined outside the scope (answered as not found). */
export function scopedConnectorDetail(db: Db, scope: number[], id: number) {
  return db
    .select({ c: connectors, s: stations, operatorName: companies.name })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .innerJoin(companies, eq(companies.id, stations.companyId))
    .where(and(eq(connectors.id, id), stationInScope(scope)))
    .get();
}

/** Where a connector of the scope charges (its station and number), the key of its sessions; else undefined. */
export function scopedConnectorPlace(db: Db, scope: number[], id: number) {
  return db
    .select({ stationId: connectors.stationId, connectorNumber: connectors.connectorNumber })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(eq(connectors.id, id), stationInScope(scope)))
    .get();
}

export type ConnectorPlace = NonNullable<Awaited<ReturnType<typeof scopedConnectorPlace>>>;

const ofConnector = (place: ConnectorPlace) =>
  and(eq(chargingSessions.stationId, place.stationId), eq(chargingSessions.connectorNumber, place.connectorNumber));

/** The connector's sessions summed per status. */
export function sessionGroups(db: Db, place: ConnectorPlace): Promise<SessionStatusGroup[]> {
  return db
    .select({
      status: chargingSessions.status,
      n: count(),
      energy: sum(chargingSessions.energyWh),
      minutes: sum(chargingSessions.chargingMinutes),
      duration: sum(chargingSessions.durationS),
      first: min(chargingSessions.startAt),
      last: max(chargingSessions.startAt),
    })
    .from(chargingSessions)
    .where(ofConnector(place))
    .groupBy(chargingSessions.status);
}

/** The connector's latest sessions, newest first. */
export function recentSessions(db: Db, place: ConnectorPlace, limit: number) {
  return db
    .select()
    .from(chargingSessions)
    .where(ofConnector(place))
    .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
    .limit(limit);
}
