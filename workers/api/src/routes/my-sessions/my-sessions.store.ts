/**
 * @module Reads of a private user's own sessions: always `charging_sessions.user_id` = the caller (their
 * own data wherever they charged, so the operator's company is not the scope here; the user is). Another
 * user's session is not found.
 */
import type { Db } from '@db/db';
import { chargingSessions, stations } from '@db/schema';
import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { MySessionsFilters } from './my-sessions.schemas';

export { tariffLinesWithNames } from '../sessions/detail/detail.store';

type Filters = Pick<MySessionsFilters, 'from' | 'to' | 'station_id' | 'status'>;

function whereOf(userId: number, f: Filters, extra?: SQL): SQL | undefined {
  return and(
    eq(chargingSessions.userId, userId),
    f.from ? gte(chargingSessions.startAt, new Date(f.from)) : undefined,
    f.to ? lt(chargingSessions.startAt, new Date(f.to)) : undefined,
    f.station_id ? eq(chargingSessions.stationId, f.station_id) : undefined,
    f.status ? eq(chargingSessions.status, f.status) : undefined,
    extra,
  );
}

const listColumns = {
  id: chargingSessions.id,
  startAt: chargingSessions.startAt,
  endAt: chargingSessions.endAt,
  stationId: chargingSessions.stationId,
  snapshotName: chargingSessions.stationName,
  stationName: stations.name,
  stationCity: chargingSessions.stationCity,
  connectorNumber: chargingSessions.connectorNumber,
  energyWh: chargingSessions.energyWh,
  durationS: chargingSessions.durationS,
  status: chargingSessions.status,
  currency: chargingSessions.currency,
  empTotal: chargingSessions.empTotal,
  pricingStatus: chargingSessions.pricingStatus,
};

type ListRow = { snapshotName: string | null; stationName: string | null } & Record<string, unknown>;
/** The station's name as the session recorded it, else its current name. */
const named = <R extends ListRow>({ snapshotName, ...r }: R) => ({ ...r, stationName: snapshotName ?? r.stationName });

function selectList(db: Db) {
  return db.select(listColumns).from(chargingSessions).leftJoin(stations, eq(stations.id, chargingSessions.stationId));
}

/** One page of the caller's sessions, newest first, and the total. */
export async function mySessionsPage(db: Db, userId: number, f: MySessionsFilters) {
  const where = whereOf(userId, f);
  const [rows, total] = await Promise.all([
    selectList(db)
      .where(where)
      .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(chargingSessions).where(where).get(),
  ]);
  return { rows: rows.map(named), total: total?.n ?? 0 };
}

/** Every session of the filtered list, newest first, read in keyset chunks (for the PDF), at most `max`. */
export async function* mySessionsAll(db: Db, userId: number, f: Filters, max: number, chunk = 1000) {
  let sent = 0;
  let after: { start: Date; id: number } | null = null;
  while (sent < max) {
    const keyset: SQL | undefined = after
      ? or(
          lt(chargingSessions.startAt, after.start),
          and(eq(chargingSessions.startAt, after.start), lt(chargingSessions.id, after.id)),
        )
      : undefined;
    const limit = Math.min(chunk, max - sent);
    const rows = await selectList(db)
      .where(whereOf(userId, f, keyset))
      .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
      .limit(limit);
    for (const r of rows) yield named(r);
    sent += rows.length;
    const last: { startAt: Date; id: number } | undefined = rows.at(-1);
    if (!last || rows.length < limit) return;
    after = { start: last.startAt, id: last.id };
  }
}

/** The caller's session `id` with every stored field; undefined for another user's. */
export function mySession(db: Db, userId: number, id: number) {
  return db
    .select({ s: chargingSessions, stationName: stations.name })
    .from(chargingSessions)
    .leftJoin(stations, eq(stations.id, chargingSessions.stationId))
    .where(and(eq(chargingSessions.id, id), eq(chargingSessions.userId, userId)))
    .get();
}

/** Count of the filtered list (the PDF's row count header). */
export async function mySessionsCount(db: Db, userId: number, f: Filters) {
  return (await db.select({ n: count() }).from(chargingSessions).where(whereOf(userId, f)).get())?.n ?? 0;
}
