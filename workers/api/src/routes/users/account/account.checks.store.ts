/** @module The facts the wizard's checks read: the company, a taken e-mail, groups and cards of the scope, the caller's permission lock. */
import type { Db } from '@db/db';
import { backofficeUserFlags, companies, companyGroups, corporateGroups, rfids, users } from '@db/schema';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';

/** Whether the back-office user may not change charging permissions (its flag). */
export async function permissionUpdatesLocked(db: Db, backofficeUserId: number): Promise<boolean> {
  const row = await db
    .select({ off: backofficeUserFlags.permissionUpdatesDisabled })
    .from(backofficeUserFlags)
    .where(eq(backofficeUserFlags.userId, backofficeUserId))
    .get();
  return row?.off ?? false;
}

/** The company (the caller has checked it is of its scope). */
export function companyOf(db: Db, companyId: number) {
  return db.select().from(companies).where(eq(companies.id, companyId)).get();
}

/** Whether any user holds the e-mail: e-mails are unique platform-wide (the login). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return Boolean(await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get());
}

/** Whether the corporate group is one of the companies `companyIds`. */
export async function corporateGroupIn(db: Db, groupId: number, companyIds: number[]): Promise<boolean> {
  const group = await db
    .select({ id: corporateGroups.id })
    .from(corporateGroups)
    .where(and(eq(corporateGroups.id, groupId), inArray(corporateGroups.companyId, companyIds)))
    .get();
  return Boolean(group);
}

/** Whether the company group of this level is one of the scope. */
export async function companyGroupInScope(db: Db, groupId: number, level: number, scope: number[]): Promise<boolean> {
  const group = await db
    .select({ id: companyGroups.id })
    .from(companyGroups)
    .where(and(eq(companyGroups.id, groupId), eq(companyGroups.level, level), inArray(companyGroups.companyId, scope)))
    .get();
  return Boolean(group);
}

/**
 * How many of the cards are of the scope, and how many of those can be handed to the user: active and
 * free, or already the user's (the wizard in update mode sends them again).
 */
export async function cardAvailability(db: Db, ids: number[], scope: number[], holderId: number | null) {
  const inScope = and(inArray(rfids.id, ids), inArray(rfids.companyId, scope));
  const free = await db
    .select({ id: rfids.id })
    .from(rfids)
    .where(
      and(
        inScope,
        eq(rfids.status, 'active'),
        holderId !== null ? or(isNull(rfids.userId), eq(rfids.userId, holderId)) : isNull(rfids.userId),
      ),
    );
  if (free.length === ids.length) return { known: ids.length, free: free.length };
  const known = await db.select({ id: rfids.id }).from(rfids).where(inScope);
  return { known: known.length, free: free.length };
}
