/** @module Reads and writes of payouts: the only file of the resource that touches the database. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { billingAccounts, billingPayouts, users } from '@db/schema';
import { and, eq, inArray } from 'drizzle-orm';

export function operatorAccount(db: Db, companyId: number) {
  return db.select().from(billingAccounts).where(eq(billingAccounts.companyId, companyId)).get();
}

/** A user of the caller's tree; undefined for anyone else (404). */
export function scopedUser(db: Db, scope: readonly number[], userId: number) {
  return db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.companyId, [...scope])))
    .get();
}

/** A payout of the user paid by a company of the tree, by our id or Stripe's. */
export function scopedPayout(db: Db, scope: readonly number[], userId: number, payoutId: string) {
  const ours = /^\d+$/.test(payoutId) ? Number(payoutId) : null;
  return db
    .select()
    .from(billingPayouts)
    .where(
      and(
        eq(billingPayouts.userId, userId),
        inArray(billingPayouts.companyId, [...scope]),
        ours === null ? eq(billingPayouts.stripePayoutId, payoutId) : eq(billingPayouts.id, ours),
      ),
    )
    .get();
}

/** Records the payout before Stripe hears of it: its id is the idempotency key. */
export async function insertPayout(
  db: Db,
  values: typeof billingPayouts.$inferInsert,
  audit: Omit<AuditEntry, 'entityId'>,
) {
  const [row] = await db.insert(billingPayouts).values(values).returning();
  if (!row) throw new Error('payout insert returned nothing');
  await auditInsert(db, { ...audit, entityId: row.id });
  return row;
}

export async function savePayoutResult(
  db: Db,
  id: number,
  result: { stripePayoutId: string; status: string; arrivalDate: Date | null },
) {
  const [row] = await db
    .update(billingPayouts)
    .set({ ...result, updatedAt: new Date() })
    .where(eq(billingPayouts.id, id))
    .returning();
  return row;
}
