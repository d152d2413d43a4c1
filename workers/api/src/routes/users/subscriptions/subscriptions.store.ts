/** @module A user's subscription contracts: read through the holders query, activated and switched with their audit row. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import { holderRows } from '@api/routes/subscription-contracts/subscription-contracts.store';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { subscriptionContracts, userSubscriptionContracts } from '@db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';

/** The user's contracts, newest first (the user is already known to be in the caller's scope). */
export function contractsOfUser(db: Db, userId: number) {
  return holderRows(db)
    .where(eq(userSubscriptionContracts.userId, userId))
    .orderBy(desc(userSubscriptionContracts.startsAt), desc(userSubscriptionContracts.id));
}

export function holderById(db: Db, id: number) {
  return holderRows(db).where(eq(userSubscriptionContracts.id, id)).get();
}

/** A contract offered by a company of the scope (another company's reads as none). */
export function scopedContract(db: Db, scope: number[], contractId: number) {
  return db
    .select()
    .from(subscriptionContracts)
    .where(and(eq(subscriptionContracts.id, contractId), inCompanies(subscriptionContracts.companyId, scope)))
    .get();
}

/** The user's running contract of this kind (active and not past its end), if any. */
export function runningContract(db: Db, userId: number, contractId: number) {
  return db
    .select({ id: userSubscriptionContracts.id })
    .from(userSubscriptionContracts)
    .where(
      and(
        eq(userSubscriptionContracts.userId, userId),
        eq(userSubscriptionContracts.contractId, contractId),
        eq(userSubscriptionContracts.status, 'active'),
        sql`${userSubscriptionContracts.expiresAt} > ${Date.now()}`,
      ),
    )
    .get();
}

/**
 * Starts the user's term of the contract; a lapsed "active" row of the same kind is closed first,
 * since the unique index allows one active row. Answers the new row's id.
 */
export async function activateContract(
  db: Db,
  term: { userId: number; contractId: number; startsAt: Date; expiresAt: Date },
  audit: AuditEntry,
): Promise<number> {
  const { userId, contractId } = term;
  const [, inserted] = await db.batch([
    db
      .update(userSubscriptionContracts)
      .set({ status: 'expired', updatedAt: term.startsAt })
      .where(
        and(
          eq(userSubscriptionContracts.userId, userId),
          eq(userSubscriptionContracts.contractId, contractId),
          eq(userSubscriptionContracts.status, 'active'),
        ),
      ),
    db.insert(userSubscriptionContracts).values(term).returning({ id: userSubscriptionContracts.id }),
    auditInsert(db, audit),
  ]);
  return inserted[0]?.id ?? 0;
}

export async function setAutorenew(db: Db, id: number, on: boolean, audit: AuditEntry) {
  await db.batch([
    db
      .update(userSubscriptionContracts)
      .set({ autorenew: on, updatedAt: new Date() })
      .where(eq(userSubscriptionContracts.id, id)),
    auditInsert(db, audit),
  ]);
}
