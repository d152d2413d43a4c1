/**
 * @module Operator invoice board writes: every write lands in one D1 batch (a transaction) with its
 * timeline entries and its audit row. Reads are in `cpo-invoices.store.ts`.
 */

import type { Db } from '@db/db';
import { auditLog, cpoInvoiceEvents, cpoInvoices } from '@db/schema';
import type { CpoInvoiceChecks, CpoInvoiceFigures, CpoInvoiceStatus } from '@domain/billing/cpo-invoice';
import { type SQL, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../lib/audit.store';

const figureColumns = (f: CpoInvoiceFigures) => ({
  currency: f.currency,
  sessions: f.sessions,
  energyWh: f.energyWh,
  energyAmount: f.energyAmount,
  subOperatorTotal: f.subOperatorTotal,
  ownerTotal: f.ownerTotal,
  unpricedSessions: f.unpricedSessions,
});

export interface TimelineWrite {
  kind: (typeof cpoInvoiceEvents.$inferInsert)['kind'];
  detail?: Record<string, unknown>;
}

const auditRow = (entry: AuditEntry, entityId: SQL | string) => ({
  action: entry.action,
  actorUserId: entry.actorUserId ?? null,
  companyId: entry.companyId ?? null,
  entity: 'cpo_invoice',
  entityId,
  detailJson: entry.detail ? JSON.stringify(entry.detail) : null,
  ip: entry.ip ?? null,
});

/**
 * Creates the row, its "created" timeline entry and its audit row in one batch. The unique index on
 * (operator, month) refuses a second row even when two creations race: the caller maps that error.
 */
export async function insertCpoInvoice(
  db: Db,
  row: {
    operatorCompanyId: number;
    month: string;
    name: string;
    invoiceDate: string;
    notes: string | null;
    createdBy: number;
  },
  figures: CpoInvoiceFigures,
  audit: AuditEntry,
  now: Date,
) {
  const idOf = sql`(SELECT id FROM cpo_invoices WHERE operator_company_id = ${row.operatorCompanyId} AND month = ${row.month})`;
  const [inserted] = await db.batch([
    db
      .insert(cpoInvoices)
      .values({ ...row, ...figureColumns(figures), computedAt: now, createdAt: now })
      .returning(),
    db.insert(cpoInvoiceEvents).values({
      invoiceId: idOf,
      kind: 'created',
      detailJson: JSON.stringify({ sessions: figures.sessions, sub_operator_total: figures.subOperatorTotal }),
      actorUserId: row.createdBy,
      at: now,
    }),
    db.insert(auditLog).values(auditRow(audit, sql`CAST(${idOf} AS TEXT)`)),
  ]);
  return inserted[0];
}

/** The statements that append timeline entries and the audit row, each only if the row carries `stamp`. */
function timelineStatements(
  d1: D1Database,
  invoiceId: number,
  timeline: TimelineWrite[],
  actorUserId: number,
  audit: AuditEntry,
  stamp: number,
) {
  const ifWritten = 'FROM cpo_invoices WHERE id = ?1 AND updated_at = ?2';
  return [
    ...timeline.map((t) =>
      d1
        .prepare(
          `INSERT INTO cpo_invoice_events (invoice_id, kind, detail_json, actor_user_id, at)
           SELECT id, ?3, ?4, ?5, ?2 ${ifWritten}`,
        )
        .bind(invoiceId, stamp, t.kind, t.detail ? JSON.stringify(t.detail) : null, actorUserId),
    ),
    d1
      .prepare(
        `INSERT INTO audit_log (actor_user_id, company_id, action, entity, entity_id, detail_json, ip)
         SELECT ?3, ?4, ?5, 'cpo_invoice', CAST(id AS TEXT), ?6, ?7 ${ifWritten}`,
      )
      .bind(
        invoiceId,
        stamp,
        audit.actorUserId ?? null,
        audit.companyId ?? null,
        audit.action,
        audit.detail ? JSON.stringify(audit.detail) : null,
        audit.ip ?? null,
      ),
  ];
}

/**
 * Applies an edit if the row is still as it was read (`updated_at` unchanged), with its timeline
 * entries and audit row, all in one batch (a transaction): the entries are written only with the
 * row. False when the row changed meanwhile.
 */
export async function updateCpoInvoice(
  db: Db,
  current: { id: number; updatedAt: Date | null },
  changes: { status: CpoInvoiceStatus; checks: CpoInvoiceChecks; notes?: string | null; invoiceDate?: string },
  timeline: TimelineWrite[],
  actorUserId: number,
  audit: AuditEntry,
  now: Date,
): Promise<boolean> {
  const d1 = db.$client;
  const stamp = now.getTime();
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE cpo_invoices SET status = ?3, sessions_checked = ?4, amounts_checked = ?5, sent_to_operator = ?6,
           notes = CASE WHEN ?7 THEN ?8 ELSE notes END, invoice_date = coalesce(?9, invoice_date), updated_at = ?2
         WHERE id = ?1 AND updated_at IS ?10`,
      )
      .bind(
        current.id,
        stamp,
        changes.status,
        changes.checks.sessions_checked ? 1 : 0,
        changes.checks.amounts_checked ? 1 : 0,
        changes.checks.sent_to_operator ? 1 : 0,
        changes.notes !== undefined ? 1 : 0,
        changes.notes ?? null,
        changes.invoiceDate ?? null,
        current.updatedAt?.getTime() ?? null,
      ),
    ...timelineStatements(d1, current.id, timeline, actorUserId, audit, stamp),
  ]);
  return (update?.meta.changes ?? 0) === 1;
}

/** Refreshes a draft's figures, if it is still a draft unchanged since read; one batch with its entry and audit row. */
export async function recomputeCpoInvoice(
  db: Db,
  current: { id: number; updatedAt: Date | null },
  figures: CpoInvoiceFigures,
  detail: Record<string, unknown>,
  actorUserId: number,
  audit: AuditEntry,
  now: Date,
): Promise<boolean> {
  const d1 = db.$client;
  const stamp = now.getTime();
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE cpo_invoices SET currency = ?3, sessions = ?4, energy_wh = ?5, energy_amount = ?6,
           sub_operator_total = ?7, owner_total = ?8, unpriced_sessions = ?9, computed_at = ?2, updated_at = ?2
         WHERE id = ?1 AND status = 'draft' AND updated_at IS ?10`,
      )
      .bind(
        current.id,
        stamp,
        figures.currency,
        figures.sessions,
        figures.energyWh,
        figures.energyAmount,
        figures.subOperatorTotal,
        figures.ownerTotal,
        figures.unpricedSessions,
        current.updatedAt?.getTime() ?? null,
      ),
    ...timelineStatements(d1, current.id, [{ kind: 'recomputed', detail }], actorUserId, audit, stamp),
  ]);
  return (update?.meta.changes ?? 0) === 1;
}
