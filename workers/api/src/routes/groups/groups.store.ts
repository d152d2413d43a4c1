/**
 * @module Queries of connector groups (tags) shared by the folder's resources (tags, connector groups,
 * bulk changes, adding from the connector list): every one limited to the caller's company tree. A
 * group is visible when its owner company is in the scope; its connectors are listed only where their
 * station is in the scope too (the connector list's own rule).
 */

import { auditInsert } from '@api/lib/audit.store';
import { contains } from '@api/lib/like';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { stationInScope } from '@db/queries/stations.store';
import { companies, connectorGroupConnectors, connectorGroups, connectors, stations } from '@db/schema';
import { and, asc, count, eq, like, sql } from 'drizzle-orm';

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

/** The statement (for one `db.batch`) that marks the group changed now. */
export function touchGroup(db: Db, groupId: number) {
  return db.update(connectorGroups).set({ updatedAt: new Date() }).where(eq(connectorGroups.id, groupId));
}

/** The group (404-able: undefined outside the scope) with the ids of its connectors in the scope. */
export async function groupWithIds(db: Db, scope: number[], id: number) {
  const group = await findGroup(db, scope, id);
  return group ? { ...group, connectorIds: await memberIds(db, scope, id) } : undefined;
}

/** The audit row of a change to group `groupId` of `companyId` (for the change's own `db.batch`). */
export function groupAudit(
  db: Db,
  action: string,
  actorUserId: number,
  group: { id: number; companyId: number },
  detail: Record<string, unknown>,
) {
  return auditInsert(db, {
    action,
    actorUserId,
    companyId: group.companyId,
    entity: 'connector_group',
    entityId: group.id,
    detail,
  });
}
