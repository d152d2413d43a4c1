/**
 * @module Queries of connector groups (tags): every one limited to the caller's company tree. A group
 * is visible when its owner company is in the scope; its connectors are listed only where their
 * station is in the scope too (the connector list's own rule).
 */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies';
import { stationInScope } from '@db/queries/stations';
import {
  chargingSessions,
  companies,
  connectorGroupConnectors,
  connectorGroups,
  connectors,
  stations,
} from '@db/schema';
import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';

/** LIKE pattern matching `keyword` literally anywhere (% and _ escaped). */
export const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** `column IN ids`, bound as one JSON value whatever the number of ids (D1 allows 100 parameters). */
export const inIds = (column: Parameters<typeof inCompanies>[0], ids: readonly number[]) => inCompanies(column, ids);

export const nameKey = (name: string) => name.trim().toLocaleLowerCase('en');

const memberCount = sql<number>`(SELECT count(*) FROM connector_group_connectors m WHERE m.group_id = ${connectorGroups.id})`;

const groupColumns = {
  id: connectorGroups.id,
  name: connectorGroups.name,
  description: connectorGroups.description,
  companyId: connectorGroups.companyId,
  companyName: companies.name,
  connectorCount: memberCount,
  createdAt: connectorGroups.createdAt,
  updatedAt: connectorGroups.updatedAt,
};

type GroupRow = {
  id: number;
  name: string;
  description: string | null;
  companyId: number;
  companyName: string;
  connectorCount: number;
  createdAt: Date;
  updatedAt: Date | null;
};

export const groupOut = (g: GroupRow) => ({
  ...g,
  connectorCount: Number(g.connectorCount),
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt?.toISOString() ?? null,
});

export async function listGroups(
  db: Db,
  scope: number[],
  q: { page: number; items_per_page: number; keyword?: string | undefined },
) {
  const where = and(
    inCompanies(connectorGroups.companyId, scope),
    q.keyword ? like(connectorGroups.name, contains(q.keyword)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(groupColumns)
      .from(connectorGroups)
      .innerJoin(companies, eq(companies.id, connectorGroups.companyId))
      .where(where)
      .orderBy(asc(connectorGroups.name), asc(connectorGroups.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db.select({ n: count() }).from(connectorGroups).where(where),
  ]);
  return { data: rows.map(groupOut), total: totals[0]?.n ?? 0, page: q.page, items_per_page: q.items_per_page };
}

export async function findGroup(db: Db, scope: number[], id: number) {
  const row = await db
    .select(groupColumns)
    .from(connectorGroups)
    .innerJoin(companies, eq(companies.id, connectorGroups.companyId))
    .where(and(eq(connectorGroups.id, id), inCompanies(connectorGroups.companyId, scope)))
    .get();
  return row ? groupOut(row) : undefined;
}

/** Another group of the company already has this name (case-insensitive)? */
export async function nameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  const row = await db
    .select({ id: connectorGroups.id })
    .from(connectorGroups)
    .where(and(eq(connectorGroups.companyId, companyId), eq(connectorGroups.nameKey, nameKey(name))))
    .get();
  return row !== undefined && row.id !== exceptId;
}

/** The first of `ids` that is not a connector of the scope, if any. */
export async function firstMissingConnector(db: Db, scope: number[], ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return undefined;
  const found = await db
    .select({ id: connectors.id })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(inIds(connectors.id, unique), stationInScope(scope)));
  const known = new Set(found.map((r) => r.id));
  return unique.find((id) => !known.has(id));
}

/** Statements (for one `db.batch`) that add connectors to a group; already present ones stay. */
export function addMembers(db: Db, groupId: number, ids: readonly number[]) {
  // INSERT … SELECT from connectors (WHERE present, so SQLite reads ON CONFLICT as the upsert clause).
  return db
    .insert(connectorGroupConnectors)
    .select(
      db
        .select({
          groupId: sql<number>`${groupId}`.as('group_id'),
          connectorId: connectors.id,
          addedAt: sql<Date>`(unixepoch('subsec') * 1000)`.as('added_at'),
        })
        .from(connectors)
        .where(inIds(connectors.id, [...new Set(ids)])),
    )
    .onConflictDoNothing();
}

/** Which of `ids` are already members of the group. */
export async function membersAmong(db: Db, groupId: number, ids: readonly number[]) {
  const rows = await db
    .select({ id: connectorGroupConnectors.connectorId })
    .from(connectorGroupConnectors)
    .where(and(eq(connectorGroupConnectors.groupId, groupId), inIds(connectorGroupConnectors.connectorId, ids)));
  return new Set(rows.map((r) => r.id));
}

export function removeMembers(db: Db, groupId: number, ids: readonly number[]) {
  return db
    .delete(connectorGroupConnectors)
    .where(and(eq(connectorGroupConnectors.groupId, groupId), inIds(connectorGroupConnectors.connectorId, ids)));
}

export function clearMembers(db: Db, groupId: number) {
  return db.delete(connectorGroupConnectors).where(eq(connectorGroupConnectors.groupId, groupId));
}

export async function memberIds(db: Db, scope: number[], groupId: number) {
  const rows = await db
    .select({ id: connectorGroupConnectors.connectorId })
    .from(connectorGroupConnectors)
    .innerJoin(connectors, eq(connectors.id, connectorGroupConnectors.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(eq(connectorGroupConnectors.groupId, groupId), stationInScope(scope)))
    .orderBy(asc(connectorGroupConnectors.connectorId));
  return rows.map((r) => r.id);
}

/** Sessions recorded on the group's connectors (matched by station and connector number, as recorded). */
function sessionsOfGroup(scope: number[], groupId: number) {
  return and(
    sql`EXISTS (SELECT 1 FROM connector_group_connectors m WHERE m.group_id = ${groupId} AND m.connector_id = ${connectors.id})`,
    stationInScope(scope),
  );
}

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
  const closed = rows.find((r) => r.status === 'closed');
  const open = rows.find((r) => r.status === 'in_progress');
  const firsts = rows.map((r) => r.first).filter((d): d is number => d !== null);
  const lasts = rows.map((r) => r.last).filter((d): d is number => d !== null);
  const iso = (ms: number[], pick: (...v: number[]) => number) =>
    ms.length ? new Date(pick(...ms.map(Number))).toISOString() : null;
  return {
    connectors: connectorCount,
    sessions: closed?.n ?? 0,
    inProgress: open?.n ?? 0,
    energyWh: Number(closed?.energy ?? 0),
    chargingMinutes: Number(closed?.minutes ?? 0),
    durationS: Number(closed?.duration ?? 0),
    firstSessionAt: iso(firsts, Math.min),
    lastSessionAt: iso(lasts, Math.max),
  };
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
    data: rows.map(({ s, connectorId, evseId, stationName }) => ({
      id: s.id,
      cdrId: s.cdrId,
      status: s.status,
      connectorId,
      connectorEvseId: s.connectorEvseId ?? evseId,
      stationName,
      startAt: s.startAt.toISOString(),
      endAt: s.endAt?.toISOString() ?? null,
      energyWh: s.energyWh,
      durationS: s.durationS,
      chargingMinutes: s.chargingMinutes,
      authId: s.authId,
      startMethod: s.startMethod,
      userEmail: s.userEmail,
      stopReason: s.stopReason,
    })),
    total: totals[0]?.n ?? 0,
    page: q.page,
    items_per_page: q.items_per_page,
  };
}
