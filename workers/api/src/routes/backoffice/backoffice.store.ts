/**
 * @module Every read and write of the back-office users: users of the caller's scope holding roles,
 * their roles (`user_roles`) and flags (`backoffice_user_flags`). Each change is written in one
 * batch with its audit row.
 */

import type { auditInsert } from '@api/lib/audit.store';
import type { Invitation } from '@api/lib/invitation';
import { emailOrNameContains, usersPage } from '@api/routes/users/users.store';
import type { Db } from '@db/db';
import { backofficeUserFlags, companies, emailOutbox, passwordResets, userRoles, users } from '@db/schema';
import { ensureRoles } from '@db/seed/factories';
import { and, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import { toBackofficeUser, type UserRow } from './backoffice.schemas';

type AuditRow = ReturnType<typeof auditInsert>;

/** The answers for a page of users: their roles and flags in two queries, whatever the page size (at most 100 ids). */
export async function backofficeViews(db: Db, us: UserRow[]) {
  if (us.length === 0) return [];
  const ids = us.map((u) => u.id);
  const [roleRows, flagRows] = await Promise.all([
    db.select({ userId: userRoles.userId, id: userRoles.roleId }).from(userRoles).where(inArray(userRoles.userId, ids)),
    db.select().from(backofficeUserFlags).where(inArray(backofficeUserFlags.userId, ids)),
  ]);
  return us.map((u) =>
    toBackofficeUser(
      u,
      roleRows.filter((r) => r.userId === u.id).map((r) => r.id),
      flagRows.find((f) => f.userId === u.id)?.permissionUpdatesDisabled ?? false,
    ),
  );
}

export async function backofficeView(db: Db, u: UserRow) {
  const [one] = await backofficeViews(db, [u]);
  if (!one) throw new Error('view of one user returned nothing');
  return one;
}

const hasRole = (db: Db, roleId?: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(sql`${userRoles.userId} = "users"."id"`, roleId ? eq(userRoles.roleId, roleId) : undefined)),
  );

export interface BackofficeFilter {
  keyword?: string | undefined;
  role?: number | undefined;
  state?: 'active' | 'deleted' | undefined;
  page: number;
  items_per_page: number;
}

/** A page of the scope's users holding a role (the role asked for, if any), newest first, and the total. */
export async function backofficePage(db: Db, scope: readonly number[], f: BackofficeFilter) {
  const conditions: (SQL | undefined)[] = [inArray(users.companyId, [...scope]), hasRole(db, f.role)];
  if (f.state) conditions.push(eq(users.status, f.state));
  if (f.keyword) conditions.push(emailOrNameContains(f.keyword));
  const { rows, total } = await usersPage(db, and(...conditions), f, {});
  return { rows: rows.map((r) => r.user), total };
}

export function userById(db: Db, id: number) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** The role and flag writes: `ids` added (or, with `replace`, replacing the current ones), the flag set. */
function roleWrites(db: Db, userId: number, ids: number[] | undefined, flag: boolean | undefined, replace: boolean) {
  const stmts = [];
  if (ids) {
    if (replace) stmts.push(db.delete(userRoles).where(eq(userRoles.userId, userId)));
    stmts.push(
      db
        .insert(userRoles)
        .values([...new Set(ids)].map((roleId) => ({ userId, roleId })))
        .onConflictDoNothing(),
    );
  }
  if (flag !== undefined) {
    stmts.push(
      db
        .insert(backofficeUserFlags)
        .values({ userId, permissionUpdatesDisabled: flag })
        .onConflictDoUpdate({ target: backofficeUserFlags.userId, set: { permissionUpdatesDisabled: flag } }),
    );
  }
  return stmts;
}

export interface RoleChange {
  roles?: number[] | undefined;
  permissionUpdatesDisabled?: boolean | undefined;
}

/**
 * Creates the user, then its roles, flag, audit row (`audit` for the new id) and its invitation to set a
 * password (the link's hashed token and the e-mail) together.
 */
export async function insertBackofficeUser(
  db: Db,
  values: typeof users.$inferInsert,
  change: RoleChange,
  audit: (userId: number) => AuditRow,
  invite: Invitation,
) {
  await ensureRoles(db);
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  const { email, ...link } = invite;
  await db.batch([
    audit(row.id),
    ...roleWrites(db, row.id, change.roles, change.permissionUpdatesDisabled, true),
    db.insert(passwordResets).values({ userId: row.id, ...link }),
    db.insert(emailOutbox).values(email),
  ]);
  return row;
}

export async function companyNameOf(db: Db, id: number): Promise<string> {
  return (await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).get())?.name ?? '';
}

/** Adds roles to the user's current ones. */
export async function addRoles(db: Db, userId: number, roles: number[], audit: AuditRow) {
  await db.batch([audit, ...roleWrites(db, userId, roles, undefined, false)]);
}

/** Updates the user's fields; roles sent replace the current ones. */
export async function updateBackofficeUser(
  db: Db,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
  change: RoleChange,
  audit: AuditRow,
) {
  await db.batch([
    db.update(users).set(values).where(eq(users.id, userId)),
    audit,
    ...roleWrites(db, userId, change.roles, change.permissionUpdatesDisabled, true),
  ]);
}

/** Takes every role away (the account stays). */
export async function removeAllRoles(db: Db, userId: number, audit: AuditRow) {
  await db.batch([db.delete(userRoles).where(eq(userRoles.userId, userId)), audit]);
}
