/**
 * @module Reads and writes of reimbursement payouts (issue 19 part 7): the only file of the resource
 * that touches the database, always within the caller's company scope (an employee: their own account).
 * A status change is one batch: the UPDATE only while the status is still the one decided from, then its
 * event and audit rows only when that UPDATE changed the row (`changes()`), so two managers (or a
 * manager and a webhook) cannot both move it. The bank transfer file's reads and writes are in
 * `payouts.bank-transfer.store.ts` (re-exported here), the conditional event and audit rows in `payouts.status.store.ts`.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import { markApplied } from '@api/routes/stripe/webhooks/webhooks.store';
import type { Db } from '@db/db';
import { serviceSettingsOf } from '@db/queries/companies.store';
import {
  auditLog,
  companies,
  homeReimbursementSettings,
  reimbursementEvents,
  reimbursements,
  userPayoutAccounts,
  userPersonalData,
} from '@db/schema';
import type { ReimbursementEventDecision } from '@domain/reimbursement/payouts';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import { and, count, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { auditIfChanged, eventIfChanged } from './payouts.status.store';

export {
  bankTransferRows,
  debtorCompany,
  markBankTransferProcessed,
  undoBankTransfer,
} from './payouts.bank-transfer.store';

// ---- the employee's payout account ----

export function payoutAccountOf(db: Db, userId: number) {
  return db.select().from(userPayoutAccounts).where(eq(userPayoutAccounts.userId, userId)).get();
}

/** What creating the employee's account needs: their country (personal data, else the company's), the company's reimbursement settings and services. */
export async function employeeFacts(db: Db, userId: number, companyId: number) {
  const [personal, company, settings, services] = await Promise.all([
    db
      .select({ country: userPersonalData.country })
      .from(userPersonalData)
      .where(eq(userPersonalData.userId, userId))
      .get(),
    db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId)).get(),
    db.select().from(homeReimbursementSettings).where(eq(homeReimbursementSettings.companyId, companyId)).get(),
    serviceSettingsOf(db, companyId),
  ]);
  return { country: personal?.country ?? company?.country ?? null, settings: settings ?? null, services };
}

/** How many payout accounts the employee deleted: the version of the next creation's idempotency key. */
export async function deletedPayoutAccounts(db: Db, userId: number) {
  const row = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'reimbursement.payout_account.delete'),
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, String(userId)),
      ),
    )
    .get();
  return row?.n ?? 0;
}

/** Stores the new account (or the one Stripe answered again for the same key), with its audit row. */
export async function saveNewPayoutAccount(
  db: Db,
  values: { userId: number; companyId: number; stripeAccountId: string },
  audit: AuditEntry,
) {
  const now = new Date();
  const [[row]] = await db.batch([
    db
      .insert(userPayoutAccounts)
      .values({ ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: userPayoutAccounts.userId,
        set: { stripeAccountId: values.stripeAccountId, updatedAt: now },
      })
      .returning(),
    auditInsert(db, audit),
  ]);
  return row;
}

// ---- paying one reimbursement ----

/** The reimbursement in scope, its employee's payout account and its failed attempts; undefined for another company's. */
export async function payableReimbursement(db: Db, scope: number[], id: number) {
  const row = await db
    .select({ r: reimbursements, account: userPayoutAccounts })
    .from(reimbursements)
    .leftJoin(userPayoutAccounts, eq(userPayoutAccounts.userId, reimbursements.userId))
    .where(and(eq(reimbursements.id, id), inArray(reimbursements.companyId, scope)))
    .get();
  if (!row) return undefined;
  return { ...row, failedAttempts: await failedAttempts(db, id) };
}

async function failedAttempts(db: Db, id: number) {
  const row = await db
    .select({ n: count() })
    .from(reimbursementEvents)
    .where(and(eq(reimbursementEvents.reimbursementId, id), eq(reimbursementEvents.toStatus, 'payment_failed')))
    .get();
  return row?.n ?? 0;
}

export function reimbursementById(db: Db, id: number) {
  return db.select().from(reimbursements).where(eq(reimbursements.id, id)).get();
}

/**
 * The transfer went out: processed (from `from`, conditional) with the transfer's id, the payout id
 * cleared for this attempt, with its event and audit rows. False when the status had changed meanwhile.
 * A resumed payout (`from` processed) writes nothing here.
 */
export async function markProcessed(
  db: Db,
  id: number,
  w: { from: ReimbursementStatus; transferId: string; note: string },
  actorId: number,
  audit: AuditEntry,
) {
  const [updated] = await db.batch([
    db
      .update(reimbursements)
      .set({
        status: 'processed',
        stripeTransferId: w.transferId,
        stripePayoutId: null,
        failureReason: null,
        updatedBy: actorId,
        updatedAt: new Date(),
      })
      .where(and(eq(reimbursements.id, id), eq(reimbursements.status, w.from)))
      .returning({ id: reimbursements.id }),
    eventIfChanged(db, id, { from: w.from, to: 'processed', note: w.note }, actorId),
    auditIfChanged(db, id, audit),
  ]);
  return updated.length === 1;
}

/** The payout's id, kept unless a fast webhook already stored it. */
export async function recordPayout(db: Db, id: number, payoutId: string) {
  await db
    .update(reimbursements)
    .set({ stripePayoutId: payoutId })
    .where(and(eq(reimbursements.id, id), isNull(reimbursements.stripePayoutId)));
}

// ---- Stripe events ----

/** What an event about a reimbursement's payout or transfer is decided on; null when unknown. */
export async function reimbursementEventFacts(db: Db, id: number) {
  const row = await db
    .select({
      id: reimbursements.id,
      status: reimbursements.status,
      stripeTransferId: reimbursements.stripeTransferId,
      stripePayoutId: reimbursements.stripePayoutId,
      stripeAccountId: userPayoutAccounts.stripeAccountId,
    })
    .from(reimbursements)
    .leftJoin(userPayoutAccounts, eq(userPayoutAccounts.userId, reimbursements.userId))
    .where(eq(reimbursements.id, id))
    .get();
  if (!row) return null;
  return { ...row, attempt: (await failedAttempts(db, id)) + 1 };
}

/** Writes a decided event (conditional status change, its event row with no actor) and the event's applied mark, together. */
export async function applyReimbursementEvent(
  db: Db,
  eventId: string,
  id: number,
  d: Extract<ReimbursementEventDecision, { outcome: 'applied' }>,
) {
  const [updated] = await db.batch([
    db
      .update(reimbursements)
      .set({
        status: d.to,
        paidAt: d.paidAt,
        failureReason: d.failureReason,
        ...(d.stripePayoutId ? { stripePayoutId: d.stripePayoutId } : {}),
        ...(d.clearTransfer ? { stripeTransferId: null } : {}),
        updatedBy: null,
        updatedAt: new Date(),
      })
      .where(and(eq(reimbursements.id, id), eq(reimbursements.status, d.from)))
      .returning({ id: reimbursements.id }),
    eventIfChanged(db, id, { from: d.from, to: d.to, note: d.note }, null),
    markApplied(db, eventId),
  ]);
  return updated.length === 1;
}

/** The employee's payout account a Stripe account id names, for `account.updated`. */
export function payoutAccountByStripeId(db: Db, stripeAccountId: string) {
  return db
    .select({ userId: userPayoutAccounts.userId, stripeEventAt: userPayoutAccounts.stripeEventAt })
    .from(userPayoutAccounts)
    .where(eq(userPayoutAccounts.stripeAccountId, stripeAccountId))
    .get();
}

/** The flags of an `account.updated`, never over a newer event's, and the event's applied mark. */
export async function applyPayoutAccountEvent(
  db: Db,
  eventId: string,
  stripeAccountId: string,
  eventAt: number,
  values: { detailsSubmitted: boolean; payoutsEnabled: boolean },
) {
  await db.batch([
    db
      .update(userPayoutAccounts)
      .set({ ...values, stripeEventAt: eventAt, updatedAt: new Date() })
      .where(
        and(
          eq(userPayoutAccounts.stripeAccountId, stripeAccountId),
          or(lte(userPayoutAccounts.stripeEventAt, eventAt), isNull(userPayoutAccounts.stripeEventAt)),
        ),
      ),
    markApplied(db, eventId),
  ]);
}
