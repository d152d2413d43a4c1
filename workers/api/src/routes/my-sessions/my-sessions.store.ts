/**
 * @module Reads of a private user's own sessions: always `charging_sessions.user_id` = the caller (their
 * own data wherever they charged, so the operator's company is not the scope here; the user is). Another
 * user's session is not found.
 */
import type { Db } from '@db/db';
import { chargingSessions, customerGroupMembers, customerGroups, ocpiEmspSessions, stations } from '@db/schema';
import { and, count, desc, eq, gte, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * The caller's roaming sessions at partners' stations (ADR 057 addendum "EMSP: sessions and CDRs"), as
 * the list's rows (id negated: not one of our charging sessions). None for a station filter, and none
 * while the caller belongs to a customer group that hides roaming (spec section 3, "hide roaming":
 * members do not see roaming).
 */
function roamingWhere(userId: number, f: Filters): SQL | undefined {
  if (f.station_id) return sql`0`;
  const hidden = notExists(
    sql`(SELECT 1 FROM ${customerGroupMembers} JOIN ${customerGroups} ON ${customerGroups.id} = ${customerGroupMembers.customerGroupId}
      WHERE ${customerGroupMembers.userId} = ${userId} AND ${customerGroups.hideRoaming} = 1 AND ${customerGroups.deletedAt} IS NULL)`,
  );
  return and(
    eq(ocpiEmspSessions.userId, userId),
    f.from ? gte(ocpiEmspSessions.startAt, new Date(f.from)) : undefined,
    f.to ? lt(ocpiEmspSessions.startAt, new Date(f.to)) : undefined,
    f.status ? eq(ocpiEmspSessions.status, f.status) : undefined,
    hidden,
  );
}

const roamingColumns = {
  id: sql<number>`-${ocpiEmspSessions.id}`.mapWith(Number),
  startAt: ocpiEmspSessions.startAt,
  endAt: ocpiEmspSessions.endAt,
  stationId: ocpiEmspSessions.stationId,
  stationName: ocpiEmspSessions.stationName,
  stationCity: ocpiEmspSessions.stationCity,
  connectorNumber: ocpiEmspSessions.connectorNumber,
  energyWh: ocpiEmspSessions.energyWh,
  durationS: ocpiEmspSessions.durationS,
  status: ocpiEmspSessions.status,
  currency: ocpiEmspSessions.currency,
  empTotal: ocpiEmspSessions.empTotal,
  pricingStatus: ocpiEmspSessions.pricingStatus,
};

/** One page of the caller's sessions (roaming ones included), newest first, and the total. */
export async function mySessionsPage(db: Db, userId: number, f: MySessionsFilters) {
  const where = whereOf(userId, f);
  const offset = f.page * f.items_per_page;
  const roamingFilter = roamingWhere(userId, f);
  const [rows, total, roaming, roamingTotal] = await Promise.all([
    selectList(db)
      .where(where)
      .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
      .limit(f.items_per_page)
      .offset(offset),
    db.select({ n: count() }).from(chargingSessions).where(where).get(),
    db
      .select(roamingColumns)
      .from(ocpiEmspSessions)
      .where(roamingFilter)
      .orderBy(desc(ocpiEmspSessions.startAt), desc(ocpiEmspSessions.id))
      .limit(offset + f.items_per_page),
    db.select({ n: count() }).from(ocpiEmspSessions).where(roamingFilter).get(),
  ]);
  const n = (total?.n ?? 0) + (roamingTotal?.n ?? 0);
  if (roaming.length === 0) return { rows: rows.map(named), total: n };
  // Merged by start (newest first): our sessions read again from the top to the page's end.
  const ours = (
    await selectList(db)
      .where(where)
      .orderBy(desc(chargingSessions.startAt), desc(chargingSessions.id))
      .limit(offset + f.items_per_page)
  ).map(named);
  const merged = [...ours, ...roaming].sort(
    (a, b) => b.startAt.getTime() - a.startAt.getTime() || Math.abs(b.id) - Math.abs(a.id),
  );
  return { rows: merged.slice(offset, offset + f.items_per_page), total: n };
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
