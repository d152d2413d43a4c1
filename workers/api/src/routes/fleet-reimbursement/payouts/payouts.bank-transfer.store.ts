/**
 * @module Reads and writes of the bank transfer file (issue 19 part 7): its reimbursements in scope, the debtor company, and their conditional move to processed (or back).
 */

import type { AuditEntry } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { companies, reimbursements, userPersonalData, users } from '@db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { auditIfChanged, eventIfChanged } from './payouts.status.store';

/** The reimbursements in scope with their employee, sealed IBAN and company (debtor); only those found. */
export function bankTransferRows(db: Db, scope: number[], ids: number[]) {
  return db
    .select({
      r: reimbursements,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      ibanOwner: users.ibanOwner,
      ibanSealed: userPersonalData.ibanSealed,
    })
    .from(reimbursements)
    .innerJoin(users, eq(users.id, reimbursements.userId))
    .leftJoin(userPersonalData, eq(userPersonalData.userId, reimbursements.userId))
    .where(and(inArray(reimbursements.id, ids), inArray(reimbursements.companyId, scope)));
}

export function debtorCompany(db: Db, companyId: number) {
  return db
    .select({ id: companies.id, name: companies.name, bankInfo: companies.bankInfo, timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
}

/**
 * The file's reimbursements become processed in one batch (update + event + audit each, conditional on
 * `validated_by_manager`); the ids whose update won. A loser means another manager moved it meanwhile.
 */
export async function markBankTransferProcessed(
  db: Db,
  ids: number[],
  note: string,
  actorId: number,
  audit: (id: number) => AuditEntry,
) {
  const statements = ids.flatMap((id) => [
    db
      .update(reimbursements)
      .set({ status: 'processed', updatedBy: actorId, updatedAt: new Date() })
      .where(and(eq(reimbursements.id, id), eq(reimbursements.status, 'validated_by_manager')))
      .returning({ id: reimbursements.id }),
    eventIfChanged(db, id, { from: 'validated_by_manager', to: 'processed', note }, actorId),
    auditIfChanged(db, id, audit(id)),
  ]);
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return ids.filter((_, i) => (results[i * 3] as { id: number }[]).length === 1);
}

/** Puts back the reimbursements of a file whose batch partly lost (never sent to anyone). */
export async function undoBankTransfer(db: Db, ids: number[], actorId: number) {
  if (ids.length === 0) return;
  const statements = ids.flatMap((id) => [
    db
      .update(reimbursements)
      .set({ status: 'validated_by_manager', updatedBy: actorId, updatedAt: new Date() })
      .where(and(eq(reimbursements.id, id), eq(reimbursements.status, 'processed')))
      .returning({ id: reimbursements.id }),
    eventIfChanged(
      db,
      id,
      { from: 'processed', to: 'validated_by_manager', note: 'bank transfer file not issued: another change won' },
      actorId,
    ),
  ]);
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}
