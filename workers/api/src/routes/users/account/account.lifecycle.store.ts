/** @module The lifecycle writes of a fleet user (delete, permanent delete, restore, remove from company, move), each with its audit row in one batch. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import {
  chargingSessions,
  customerServiceLogs,
  maintenanceTickets,
  rfids,
  stationFiles,
  tariffs,
  userCurrencyLimits,
  userRoles,
  users,
} from '@db/schema';
import { and, eq } from 'drizzle-orm';

/** The user's company groups cleared (a removal or a move). */
const NO_COMPANY_GROUPS = { group1Id: null, group2Id: null, group3Id: null, group4Id: null } as const;

/** Soft delete: the user stays, marked deleted. */
export async function softDeleteUser(db: Db, userId: number, audit: AuditEntry) {
  await db.batch([
    db.update(users).set({ status: 'deleted', deletedAt: new Date() }).where(eq(users.id, userId)),
    auditInsert(db, audit),
  ]);
}

/**
 * Permanent deletion of an already deleted user. Sessions keep their snapshot fields (child_email,
 * user_email, plate...) and lose only the link; the user's cards are unlinked, irreversibly, since they
 * can never identify this person again.
 */
export async function permanentlyDeleteUser(db: Db, userId: number, audit: AuditEntry) {
  await db.batch([
    db.update(chargingSessions).set({ userId: null }).where(eq(chargingSessions.userId, userId)),
    db.update(customerServiceLogs).set({ userId: null }).where(eq(customerServiceLogs.userId, userId)),
    db
      .update(rfids)
      .set({ userId: null, status: 'unlinked', unlinkedAt: new Date() })
      .where(and(eq(rfids.userId, userId), eq(rfids.status, 'active'))),
    db.update(rfids).set({ userId: null }).where(eq(rfids.userId, userId)),
    // Who created, approved, resolved or uploaded is kept in the audit log, not by a link.
    db.update(tariffs).set({ createdBy: null }).where(eq(tariffs.createdBy, userId)),
    db.update(tariffs).set({ approvedBy: null }).where(eq(tariffs.approvedBy, userId)),
    db.update(maintenanceTickets).set({ createdByUserId: null }).where(eq(maintenanceTickets.createdByUserId, userId)),
    db
      .update(maintenanceTickets)
      .set({ resolvedByUserId: null })
      .where(eq(maintenanceTickets.resolvedByUserId, userId)),
    db.update(stationFiles).set({ uploadedBy: null }).where(eq(stationFiles.uploadedBy, userId)),
    db.delete(users).where(eq(users.id, userId)),
    auditInsert(db, audit),
  ]);
}

/** The deleted user active again; the row after. */
export async function restoreUserRow(db: Db, userId: number, audit: AuditEntry) {
  const [[after]] = await db.batch([
    db
      .update(users)
      .set({ status: 'active', deletedAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning(),
    auditInsert(db, audit),
  ]);
  return after;
}

/** Groups, charging permissions, limits and back-office roles cleared; the row after. */
export async function clearFromCompany(db: Db, userId: number, audit: AuditEntry) {
  const [[after]] = await db.batch([
    db
      .update(users)
      .set({
        corporateGroupId: null,
        ...NO_COMPANY_GROUPS,
        canChargePublic: false,
        canChargeWork: false,
        canChargeHome: false,
        onlyPrivate: false,
        dailyLimit: null,
        weeklyLimit: null,
        monthlyLimit: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning(),
    db.delete(userRoles).where(eq(userRoles.userId, userId)),
    db.delete(userCurrencyLimits).where(eq(userCurrencyLimits.userId, userId)),
    auditInsert(db, audit),
  ]);
  return after;
}

/** The user and its cards in another company (of the caller's scope), company groups cleared; the row after. */
export async function moveUserTo(
  db: Db,
  userId: number,
  to: { companyId: number; corporateGroupId: number | null },
  audit: AuditEntry,
) {
  const [[after]] = await db.batch([
    db
      .update(users)
      .set({
        companyId: to.companyId,
        selectedCompanyId: to.companyId,
        corporateGroupId: to.corporateGroupId,
        ...NO_COMPANY_GROUPS,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning(),
    db.update(rfids).set({ companyId: to.companyId }).where(eq(rfids.userId, userId)),
    auditInsert(db, audit),
  ]);
  return after;
}
