/**
 * @module Changes of `reimbursement_tariffs`: each one conditional statement (while pending) with its audit row written only when that statement changed the row.
 */

import type { AuditEntry } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { auditLog, reimbursementTariffs } from '@db/schema';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { live } from './tariffs.store';

/** The audit row, inserted only when the statement just before it in the batch changed a row. */
function auditIfChanged(db: Db, audit: AuditEntry, tariffId: number) {
  return db.insert(auditLog).select(
    db
      .select({
        // Every column in the table's order (insert … select); null id: the next one.
        id: sql<number>`null`.as('id'),
        at: sql<Date>`unixepoch('subsec') * 1000`.as('created_at'),
        actorUserId: sql<number | null>`${audit.actorUserId ?? null}`.as('actor_user_id'),
        companyId: sql<number | null>`${audit.companyId ?? null}`.as('company_id'),
        action: sql<string>`${audit.action}`.as('action'),
        entity: sql<string | null>`${audit.entity ?? null}`.as('entity'),
        entityId: sql<string>`${String(tariffId)}`.as('entity_id'),
        detailJson: sql<string | null>`${audit.detail ? JSON.stringify(audit.detail) : null}`.as('detail_json'),
        ip: sql<string | null>`${audit.ip ?? null}`.as('ip'),
      })
      .from(reimbursementTariffs)
      .where(and(eq(reimbursementTariffs.id, tariffId), sql`changes() = 1`)),
  );
}

/**
 * Inserts a pending tariff and its audit row. The partial unique index `reimbursement_tariffs_one_pending_uq`
 * refuses a second pending one of the employee (it throws UNIQUE) when two submissions race.
 */
export async function insertTariff(db: Db, values: typeof reimbursementTariffs.$inferInsert, audit: AuditEntry) {
  const [[row]] = await db.batch([
    db
      .insert(reimbursementTariffs)
      .values({ ...values, status: 'pending' })
      .returning({ id: reimbursementTariffs.id }),
    db.insert(auditLog).values({
      action: audit.action,
      actorUserId: audit.actorUserId ?? null,
      companyId: audit.companyId ?? null,
      entity: audit.entity ?? null,
      entityId: sql`CAST(last_insert_rowid() AS TEXT)`,
      detailJson: audit.detail ? JSON.stringify(audit.detail) : null,
      ip: audit.ip ?? null,
    }),
  ]);
  if (!row) throw new Error('tariff insert returned nothing');
  return row.id;
}

const pendingOnly = (tariffId: number) =>
  and(eq(reimbursementTariffs.id, tariffId), eq(reimbursementTariffs.status, 'pending'), live);

export interface TariffChanges {
  pricePerKwh: number;
  validFrom: string;
  validTo: string | null;
  documentId: number | null;
}

/** Edits the tariff while it is still pending; false when it no longer is (or is gone). */
export async function updatePendingTariff(db: Db, tariffId: number, changes: TariffChanges, audit: AuditEntry) {
  const [rows] = await db.batch([
    db
      .update(reimbursementTariffs)
      .set({ ...changes, updatedAt: new Date() })
      .where(pendingOnly(tariffId))
      .returning({ id: reimbursementTariffs.id }),
    auditIfChanged(db, audit, tariffId),
  ]);
  return rows.length === 1;
}

/** Soft-deletes the tariff while it is still pending; false when it no longer is. */
export async function deletePendingTariff(db: Db, tariffId: number, audit: AuditEntry) {
  const [rows] = await db.batch([
    db
      .update(reimbursementTariffs)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(pendingOnly(tariffId))
      .returning({ id: reimbursementTariffs.id }),
    auditIfChanged(db, audit, tariffId),
  ]);
  return rows.length === 1;
}

/**
 * Approves the pending tariff and, in the same batch, ends the employee's earlier active open-ended tariff
 * (`close`) the day before — only while the approved one is still pending, so a lost race changes nothing.
 * False when the tariff was no longer pending.
 */
export async function approvePendingTariff(
  db: Db,
  tariffId: number,
  reviewerId: number,
  close: { id: number; validTo: string } | null,
  audit: AuditEntry,
) {
  const now = new Date();
  const approve = db
    .update(reimbursementTariffs)
    .set({ status: 'active', reviewedBy: reviewerId, reviewedAt: now, updatedAt: now })
    .where(pendingOnly(tariffId))
    .returning({ id: reimbursementTariffs.id });
  if (!close) {
    const [rows] = await db.batch([approve, auditIfChanged(db, audit, tariffId)]);
    return rows.length === 1;
  }
  const stillPending = sql`EXISTS (SELECT 1 FROM reimbursement_tariffs p WHERE p.id = ${tariffId} AND p.status = 'pending' AND p.deleted_at IS NULL)`;
  const [, rows] = await db.batch([
    db
      .update(reimbursementTariffs)
      .set({ validTo: close.validTo, updatedAt: now })
      .where(
        and(
          eq(reimbursementTariffs.id, close.id),
          ne(reimbursementTariffs.id, tariffId),
          eq(reimbursementTariffs.status, 'active'),
          isNull(reimbursementTariffs.validTo),
          live,
          stillPending,
        ),
      ),
    approve,
    auditIfChanged(db, audit, tariffId),
  ]);
  return rows.length === 1;
}

/** Rejects the tariff while it is still pending; false when it no longer is. */
export async function rejectPendingTariff(db: Db, tariffId: number, reviewerId: number, audit: AuditEntry) {
  const now = new Date();
  const [rows] = await db.batch([
    db
      .update(reimbursementTariffs)
      .set({ status: 'rejected', reviewedBy: reviewerId, reviewedAt: now, updatedAt: now })
      .where(pendingOnly(tariffId))
      .returning({ id: reimbursementTariffs.id }),
    auditIfChanged(db, audit, tariffId),
  ]);
  return rows.length === 1;
}
