/** @module Reads and writes of an operator's Connect account row: the only file of the resource that touches the database. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { auditLog, billingAccounts, companies, userPayoutAccounts, users } from '@db/schema';
import { and, count, eq, inArray } from 'drizzle-orm';

type Account = typeof billingAccounts.$inferSelect;

/** A company of the caller's tree; undefined for any other, so it reads as unknown (404). */
export function scopedCompany(db: Db, scope: readonly number[], id: number) {
  return db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), inArray(companies.id, [...scope])))
    .get();
}

export function accountOf(db: Db, companyId: number) {
  return db.select().from(billingAccounts).where(eq(billingAccounts.companyId, companyId)).get();
}

/**
 * Stores a newly created connected account (or the one Stripe returned again for the same
 * idempotency key) and mirrors its id on the company row, with the audit row, in one batch.
 */
export async function saveNewAccount(
  db: Db,
  values: { companyId: number; stripeAccountId: string; state: Account['state'] },
  audit: AuditEntry,
) {
  const now = new Date();
  const [[row]] = await db.batch([
    db
      .insert(billingAccounts)
      .values({ ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: billingAccounts.companyId,
        set: { stripeAccountId: values.stripeAccountId, state: values.state, updatedAt: now },
      })
      .returning(),
    db.update(companies).set({ stripeAccountId: values.stripeAccountId }).where(eq(companies.id, values.companyId)),
    auditInsert(db, audit),
  ]);
  return row;
}

export type AccountChanges = Partial<
  Pick<Account, 'state' | 'collectionMethod' | 'detailsSubmitted' | 'chargesEnabled' | 'payoutsEnabled'>
>;

/** Applies a change to a company's account row with its audit row; undefined when it has none. */
export async function updateAccount(db: Db, companyId: number, changes: AccountChanges, audit: AuditEntry) {
  const [[row]] = await db.batch([
    db
      .update(billingAccounts)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(billingAccounts.companyId, companyId))
      .returning(),
    auditInsert(db, audit),
  ]);
  return row;
}

/** Forgets a deleted connected account: its row, and the id on the company row. */
export async function deleteAccount(db: Db, companyId: number, audit: AuditEntry) {
  await db.batch([
    db.delete(billingAccounts).where(eq(billingAccounts.companyId, companyId)),
    db.update(companies).set({ stripeAccountId: null }).where(eq(companies.id, companyId)),
    auditInsert(db, audit),
  ]);
}

/** How many connected accounts the company deleted: the version of the next creation's idempotency key. */
export async function deletedAccountCount(db: Db, companyId: number) {
  const row = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'stripe.account.delete'),
        eq(auditLog.entity, 'company'),
        eq(auditLog.entityId, String(companyId)),
      ),
    )
    .get();
  return row?.n ?? 0;
}

/** An employee of the caller's tree and their payout account (null: none); undefined for a user outside it. */
export async function employeePayoutAccount(db: Db, scope: readonly number[], userId: number) {
  const row = await db
    .select({ userId: users.id, account: userPayoutAccounts })
    .from(users)
    .leftJoin(userPayoutAccounts, eq(userPayoutAccounts.userId, users.id))
    .where(and(eq(users.id, userId), inArray(users.companyId, [...scope])))
    .get();
  return row;
}

/** Forgets an employee's deleted payout account, with its audit row (the next creation's key version). */
export async function deleteEmployeePayoutAccount(db: Db, userId: number, audit: AuditEntry) {
  await db.batch([db.delete(userPayoutAccounts).where(eq(userPayoutAccounts.userId, userId)), auditInsert(db, audit)]);
}
