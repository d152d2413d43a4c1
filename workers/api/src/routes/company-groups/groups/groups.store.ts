/**
 * @module Reads and writes of company groups, always within the caller's company tree (`scope`). A
 * station or user is in a group when the group's level column holds it (assigning writes the group
 * and its ancestors: domain/company-groups/tree.ts), so a group's counts include its sub-groups'.
 */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { companies, companyGroups, stations, users } from '@db/schema';
import { buildTree, type GroupNode, levelColumn, pathOf } from '@domain/company-groups/tree';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';

export type GroupRow = typeof companyGroups.$inferSelect;

/** Every group of the scope's companies (a company has tens to hundreds: paths and trees are built in memory). */
export function scopeGroups(db: Db, scope: readonly number[]): Promise<GroupRow[]> {
  return db
    .select()
    .from(companyGroups)
    .where(inArray(companyGroups.companyId, [...scope]));
}

export async function labelsOf(db: Db, companyIds: readonly number[]) {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      l1: companies.group1Label,
      l2: companies.group2Label,
      l3: companies.group3Label,
      l4: companies.group4Label,
    })
    .from(companies)
    .where(inArray(companies.id, [...companyIds]));
  return rows.map((r) => ({ id: r.id, name: r.name, labels: [r.l1, r.l2, r.l3, r.l4] }));
}

type Counts = Map<number, { stations: number; users: number }>;

/** Stations and active users in each of the groups (by the column of each group's level), in one batch. */
export async function memberCounts(db: Db, groups: readonly GroupRow[]): Promise<Counts> {
  const counts: Counts = new Map(groups.map((g) => [g.id, { stations: 0, users: 0 }]));
  const levels = [1, 2, 3, 4].map((level) => groups.filter((g) => g.level === level).map((g) => g.id));
  const answers = await Promise.all(
    levels.map(async (ids, i) => {
      if (ids.length === 0) return { stationRows: [], userRows: [] };
      const s = stations[levelColumn(i + 1)];
      const u = users[levelColumn(i + 1)];
      const [stationRows, userRows] = await db.batch([
        db.select({ id: s, n: count() }).from(stations).where(inArray(s, ids)).groupBy(s),
        db
          .select({ id: u, n: count() })
          .from(users)
          .where(and(inArray(u, ids), eq(users.status, 'active')))
          .groupBy(u),
      ]);
      return { stationRows, userRows };
    }),
  );
  for (const { stationRows, userRows } of answers) {
    for (const r of stationRows) {
      const entry = r.id === null ? undefined : counts.get(r.id);
      if (entry) entry.stations = r.n;
    }
    for (const r of userRows) {
      const entry = r.id === null ? undefined : counts.get(r.id);
      if (entry) entry.users = r.n;
    }
  }
  return counts;
}

/** The API shape of groups: level label, path of names, sub-group and member counts. */
export async function groupShapes(db: Db, rows: readonly GroupRow[], all: readonly GroupRow[]) {
  const byId = new Map<number, GroupNode>(all.map((g) => [g.id, g]));
  const [counts, labels] = await Promise.all([
    memberCounts(db, rows),
    labelsOf(db, [...new Set(rows.map((g) => g.companyId))]),
  ]);
  return rows.map((g) => ({
    id: g.id,
    company_id: g.companyId,
    level: g.level,
    level_label: labels.find((l) => l.id === g.companyId)?.labels[g.level - 1] ?? `Group ${g.level}`,
    parent_id: g.parentId,
    name: g.name,
    path: pathOf(g.id, byId).map((p) => p.name),
    children: all.filter((c) => c.parentId === g.id).length,
    stations: counts.get(g.id)?.stations ?? 0,
    users: counts.get(g.id)?.users ?? 0,
  }));
}

/** Each company of the scope that has groups, with its nested groups and their counts. */
export async function recursiveView(db: Db, scope: readonly number[]) {
  const all = await scopeGroups(db, scope);
  const companyIds = [...new Set(all.map((g) => g.companyId))];
  const [counts, names] = await Promise.all([memberCounts(db, all), labelsOf(db, companyIds)]);
  type Node = { id: number; level: number; name: string; stations: number; users: number; children: Node[] };
  const shape = (n: ReturnType<typeof buildTree<GroupRow>>[number]): Node => ({
    id: n.group.id,
    level: n.group.level,
    name: n.group.name,
    stations: counts.get(n.group.id)?.stations ?? 0,
    users: counts.get(n.group.id)?.users ?? 0,
    children: n.children.map(shape),
  });
  return names
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => ({
      company_id: c.id,
      company_name: c.name,
      labels: c.labels,
      groups: buildTree(all.filter((g) => g.companyId === c.id)).map(shape),
    }));
}

/** Whether a group under the same parent of the company (and level) already has the name. */
export function nameTaken(
  all: readonly GroupRow[],
  g: Pick<GroupRow, 'companyId' | 'level' | 'parentId' | 'name'>,
  exceptId?: number,
) {
  const name = g.name.toLocaleLowerCase();
  return all.some(
    (o) =>
      o.id !== exceptId &&
      o.companyId === g.companyId &&
      o.level === g.level &&
      o.parentId === g.parentId &&
      o.name.toLocaleLowerCase() === name,
  );
}

export async function insertGroup(
  db: Db,
  values: Pick<GroupRow, 'companyId' | 'level' | 'parentId' | 'name'>,
  audit: (row: GroupRow) => AuditEntry,
) {
  const row = await db.insert(companyGroups).values(values).returning().get();
  await auditInsert(db, audit(row));
  return row;
}

export async function renameGroup(db: Db, g: GroupRow, name: string, audit: AuditEntry) {
  const [rows] = await db.batch([
    db.update(companyGroups).set({ name }).where(eq(companyGroups.id, g.id)).returning(),
    auditInsert(db, audit),
  ]);
  return rows[0] ?? g;
}

/** Deletes a group without sub-groups; its stations and users leave it and the levels below it, in one batch. */
export async function deleteGroup(db: Db, g: GroupRow, audit: AuditEntry) {
  const level = g.level;
  const cleared = Object.fromEntries(
    [1, 2, 3, 4].filter((l) => l >= level).map((l) => [levelColumn(l), null]),
  ) as Partial<Record<ReturnType<typeof levelColumn>, null>>;
  await db.batch([
    db
      .update(stations)
      .set(cleared)
      .where(eq(stations[levelColumn(level)], g.id)),
    db
      .update(users)
      .set(cleared)
      .where(eq(users[levelColumn(level)], g.id)),
    db.delete(companyGroups).where(eq(companyGroups.id, g.id)),
    auditInsert(db, audit),
  ]);
}

export async function readSelection(db: Db, userId: number): Promise<(number | null)[]> {
  const row = await db
    .select({ s: users.companyGroupSelection })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.companyGroupSelection)))
    .get();
  try {
    const parsed = row?.s ? (JSON.parse(row.s) as unknown) : null;
    if (Array.isArray(parsed) && parsed.length === 4) return parsed.map((v) => (typeof v === 'number' ? v : null));
  } catch {
    // An unreadable value is no selection.
  }
  return [null, null, null, null];
}

export async function writeSelection(db: Db, userId: number, selection: readonly (number | null)[]) {
  await db
    .update(users)
    .set({ companyGroupSelection: JSON.stringify(selection) })
    .where(eq(users.id, userId));
}
