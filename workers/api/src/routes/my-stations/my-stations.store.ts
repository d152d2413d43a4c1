/**
 * @module Reads of a private user's own stations: the home stations linked to the caller
 * (`home_stations.user_id` = the caller, in the caller's company, not deleted), their connectors and the
 * sessions charged there. A station or connector not linked to the caller is not found.
 */
import type { Db } from '@db/db';
import { chargingSessions, connectors, homeStations, stations } from '@db/schema';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';

/** The caller's live home stations, oldest first (or only `id`), with the network station when linked. */
export function myStations(db: Db, me: { userId: number; companyId: number }, id?: number) {
  return db
    .select({ home: homeStations, station: stations })
    .from(homeStations)
    .leftJoin(stations, eq(stations.id, homeStations.stationId))
    .where(
      and(
        eq(homeStations.userId, me.userId),
        eq(homeStations.companyId, me.companyId),
        isNull(homeStations.deletedAt),
        id === undefined ? undefined : eq(homeStations.id, id),
      ),
    )
    .orderBy(asc(homeStations.id));
}

/** The connectors of these stations, by station and number. */
export function connectorsOf(db: Db, stationIds: number[]) {
  if (stationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(connectors)
    .where(inArray(connectors.stationId, stationIds))
    .orderBy(asc(connectors.stationId), asc(connectors.connectorNumber));
}

/** A connector of one of the caller's live home stations; undefined otherwise. */
export function myConnector(db: Db, me: { userId: number; companyId: number }, connectorId: number) {
  return db
    .select({ connector: connectors, home: homeStations })
    .from(connectors)
    .innerJoin(homeStations, eq(homeStations.stationId, connectors.stationId))
    .where(
      and(
        eq(connectors.id, connectorId),
        eq(homeStations.userId, me.userId),
        eq(homeStations.companyId, me.companyId),
        isNull(homeStations.deletedAt),
      ),
    )
    .get();
}

const inPeriod = (period: { from: Date; to: Date }) =>
  and(gte(chargingSessions.startAt, period.from), lt(chargingSessions.startAt, period.to));

/** Start, energy and connector of the sessions at a station (or one connector) in the period. */
export function periodSessions(
  db: Db,
  where: { stationId: number; connectorId?: number },
  period: { from: Date; to: Date },
) {
  return db
    .select({
      startAt: chargingSessions.startAt,
      energyWh: chargingSessions.energyWh,
      connectorId: chargingSessions.connectorId,
    })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.stationId, where.stationId),
        where.connectorId === undefined ? undefined : eq(chargingSessions.connectorId, where.connectorId),
        inPeriod(period),
      ),
    );
}

/** One page of a connector's sessions in the period, newest first, and the total. */
export async function connectorSessionsPage(
  db: Db,
  connectorId: number,
  period: { from: Date; to: Date },
  page: { page: number; items_per_page: number },
) {
  const where: SQL | undefined = and(eq(chargingSessions.connectorId, connectorId), inPeriod(period));
  const [rows, total] = await Promise.all([
    db
      .select({
        id: chargingSessions.id,
        startAt: chargingSessions.startAt,
        endAt: chargingSessions.endAt,
        energyWh: chargingSessions.energyWh,
        durationS: chargingSessions.durationS,
        status: chargingSessions.status,
        userId: chargingSessions.userId,
      })
      .from(chargingSessions)
      .where(where)
      .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
      .limit(page.items_per_page)
      .offset(page.page * page.items_per_page),
    db.select({ n: count() }).from(chargingSessions).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}
