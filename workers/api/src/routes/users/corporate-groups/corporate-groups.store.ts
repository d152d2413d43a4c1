/** @module Reads and writes of corporate groups, always within the caller's company scope; each change with its audit row. */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { companies, corporateGroups, users } from '@db/schema';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { toGroup } from './corporate-groups.schemas';

/** The groups of the scope (or the one group `id` of it), by name, with their active user counts. */
export function groupsOf(db: Db, scope: number[], id?: number) {
  return db
    .select({
      id: corporateGroups.id,
      name: corporateGroups.name,
      company_id: corporateGroups.companyId,
      company_name: companies.name,
      created_at: corporateGroups.createdAt,
      user_count: db.$count(users, and(eq(users.corporateGroupId, corporateGroups.id), eq(users.status, 'active'))),
    })
    .from(corporateGroups)
    .leftJoin(companies, eq(companies.id, corporateGroups.companyId))
    .where(and(inArray(corporateGroups.companyId, scope), id ? eq(corporateGroups.id, id) : undefined))
    .orderBy(asc(corporateGroups.name))
    .then((rows) => rows.map(toGroup));
}

/** Creates the group (the caller has checked the company is of its scope) with its audit row; its id. */
export async function insertGroup(db: Db, companyId: number, name: string, audit: (id: number) => AuditEntry) {
  const [row] = await db.insert(corporateGroups).values({ companyId, name }).returning();
  if (!row) throw new Error('group insert returned nothing');
  await auditInsert(db, audit(row.id));
  return row.id;
}

/** Renames a group of the scope, with its audit row. */
export async function renameGroup(db: Db, scope: number[], id: number, name: string, audit: AuditEntry) {
  await db.batch([
    db
      .update(corporateGroups)
      .set({ name })
      .where(and(eq(corporateGroups.id, id), inArray(corporateGroups.companyId, scope))),
    auditInsert(db, audit),
  ]);
}

/** Users in the group, deleted ones too: restoring one must not leave it pointing at a vanished group. */
export async function memberCount(db: Db, id: number): Promise<number> {
  const row = await db.select({ n: count() }).from(users).where(eq(users.corporateGroupId, id)).get();
  return row?.n ?? 0;
}

/** Deletes a group of the scope, with its audit row. */
export async function deleteGroupRow(db: Db, scope: number[], id: number, audit: AuditEntry) {
  await db.batch([
    db.delete(corporateGroups).where(and(eq(corporateGroups.id, id), inArray(corporateGroups.companyId, scope))),
    auditInsert(db, audit),
  ]);
}

/** How many of the users are active users of the scope. */
export async function activeUsersIn(db: Db, scope: number[], ids: number[]): Promise<number> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inArray(users.companyId, scope), eq(users.status, 'active')));
  return found.length;
}

/** Puts the users (checked to be of the scope) in the group, with its audit row. */
export async function moveUsersIntoGroup(db: Db, id: number, userIds: number[], audit: AuditEntry) {
  await db.batch([
    db.update(users).set({ corporateGroupId: id, updatedAt: new Date() }).where(inArray(users.id, userIds)),
    auditInsert(db, audit),
  ]);
}
