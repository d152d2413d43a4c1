/**
 * @module Reads and writes of customer groups, always within the caller's company tree (`scope`); each
 * change followed by its audit row, as before the move.
 */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { customerGroupCompanies, customerGroupMembers, customerGroups, tariffs, users } from '@db/schema';
import { and, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { type GroupBody, type GroupRow, groupValues, toCustomerGroup } from './groups.schemas';

/** The group if its company is in the caller's tree, else undefined (the route answers 404). */
export function scopedGroup(db: Db, scope: readonly number[], id: number): Promise<GroupRow | undefined> {
  return db
    .select()
    .from(customerGroups)
    .where(and(eq(customerGroups.id, id), inArray(customerGroups.companyId, [...scope])))
    .get();
}

/** The API shape of groups, with their linked companies and member counts (two queries per page). */
export async function groupShapes(db: Db, rows: GroupRow[]) {
  const ids = rows.map((g) => g.id);
  const [links, counts] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(customerGroupCompanies).where(inArray(customerGroupCompanies.customerGroupId, ids)),
          db
            .select({ id: customerGroupMembers.customerGroupId, n: count() })
            .from(customerGroupMembers)
            .where(inArray(customerGroupMembers.customerGroupId, ids))
            .groupBy(customerGroupMembers.customerGroupId),
        ]);
  return rows.map((g) =>
    toCustomerGroup(
      g,
      links.filter((l) => l.customerGroupId === g.id).map((l) => l.companyId),
      counts.find((n) => n.id === g.id)?.n ?? 0,
    ),
  );
}

export async function groupShape(db: Db, g: GroupRow) {
  const [shape] = await groupShapes(db, [g]);
  if (!shape) throw new Error('customer group vanished');
  return shape;
}

/** One page of the tree's groups by name, and how many there are. */
export async function groupPage(
  db: Db,
  scope: readonly number[],
  q: { page: number; items_per_page: number; include_deleted: boolean },
) {
  const where: SQL[] = [inArray(customerGroups.companyId, [...scope])];
  if (!q.include_deleted) where.push(isNull(customerGroups.deletedAt));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(customerGroups)
      .where(and(...where))
      .orderBy(customerGroups.name, desc(customerGroups.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db
      .select({ n: count() })
      .from(customerGroups)
      .where(and(...where))
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Whether another group of `companyId` (not `exceptId`) already has the name. */
export async function nameTaken(db: Db, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const taken = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(
      and(
        eq(customerGroups.companyId, companyId),
        eq(customerGroups.name, name),
        exceptId === undefined ? undefined : ne(customerGroups.id, exceptId),
      ),
    )
    .get();
  return taken !== undefined;
}

/** Creates the group of `companyId` (a company of the caller) with its linked companies, then its audit row. */
export async function insertGroup(
  db: Db,
  companyId: number,
  body: GroupBody,
  linked: number[],
  audit: (row: GroupRow) => AuditEntry,
) {
  const row = await db
    .insert(customerGroups)
    .values({ companyId, ...groupValues(body) })
    .returning()
    .get();
  if (linked.length > 0)
    await db.insert(customerGroupCompanies).values(linked.map((id) => ({ customerGroupId: row.id, companyId: id })));
  await auditInsert(db, audit(row));
  return row;
}

/** Replaces a scoped group's data and linked companies in one batch (together or not at all), then audits. */
export async function updateGroup(
  db: Db,
  g: GroupRow,
  body: GroupBody,
  linked: number[],
  audit: (row: GroupRow) => AuditEntry,
) {
  const [rows] = await db.batch([
    db
      .update(customerGroups)
      .set({ ...groupValues(body), updatedAt: new Date() })
      .where(eq(customerGroups.id, g.id))
      .returning(),
    db.delete(customerGroupCompanies).where(eq(customerGroupCompanies.customerGroupId, g.id)),
    ...linked.map((companyId) => db.insert(customerGroupCompanies).values({ customerGroupId: g.id, companyId })),
  ]);
  const row = rows[0] ?? g;
  await auditInsert(db, audit(row));
  return row;
}

/** How many tariffs name the group and how many users are its members. */
export async function groupRefs(db: Db, g: GroupRow) {
  const [tariffRefs, memberRefs] = await db.batch([
    db.select({ n: count() }).from(tariffs).where(eq(tariffs.customerGroupId, g.id)),
    db.select({ n: count() }).from(customerGroupMembers).where(eq(customerGroupMembers.customerGroupId, g.id)),
  ]);
  return { tariffs: tariffRefs[0]?.n ?? 0, users: memberRefs[0]?.n ?? 0 };
}

/** Marks a scoped group deleted (keeping an earlier deletion time) or active again (`deleted: false`), then audits. */
export async function setGroupDeleted(db: Db, g: GroupRow, deleted: boolean, audit: AuditEntry) {
  const row =
    (await db
      .update(customerGroups)
      .set({ deletedAt: deleted ? (g.deletedAt ?? new Date()) : null, updatedAt: new Date() })
      .where(eq(customerGroups.id, g.id))
      .returning()
      .get()) ?? g;
  await auditInsert(db, audit);
  return row;
}

/** The companies linked to a group. */
export async function linkedCompanyIds(db: Db, groupId: number): Promise<number[]> {
  const links = await db
    .select({ id: customerGroupCompanies.companyId })
    .from(customerGroupCompanies)
    .where(eq(customerGroupCompanies.customerGroupId, groupId));
  return links.map((l) => l.id);
}

/** Makes the user a member of the group (moving them from any other), if the user is of `allowed` companies. */
export async function addMember(
  db: Db,
  g: GroupRow,
  userId: number,
  allowed: number[],
  audit: AuditEntry,
): Promise<boolean> {
  const user = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.companyId, allowed)))
    .get();
  if (!user) return false;
  await db
    .insert(customerGroupMembers)
    .values({ userId, customerGroupId: g.id })
    .onConflictDoUpdate({ target: customerGroupMembers.userId, set: { customerGroupId: g.id, addedAt: new Date() } });
  await auditInsert(db, audit);
  return true;
}

/** Removes the user from the group; false when they were not a member. */
export async function removeMember(db: Db, g: GroupRow, userId: number, audit: AuditEntry): Promise<boolean> {
  const gone = await db
    .delete(customerGroupMembers)
    .where(and(eq(customerGroupMembers.customerGroupId, g.id), eq(customerGroupMembers.userId, userId)))
    .returning({ userId: customerGroupMembers.userId });
  if (gone.length === 0) return false;
  await auditInsert(db, audit);
  return true;
}
