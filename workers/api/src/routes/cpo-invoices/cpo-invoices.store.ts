/**
 * @module Operator invoice board reads and writes: the only file of the resource that touches the
 * database. Every read is limited to operators of the caller's scope; every write lands in one D1
 * batch (a transaction) with its timeline entries and its audit row.
 */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { auditLog, chargingSessions, companies, cpoInvoiceEvents, cpoInvoices, users } from '@db/schema';
import type { CpoInvoiceChecks, CpoInvoiceFigures, CpoInvoiceStatus, SessionSums } from '@domain/billing/cpo-invoice';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../lib/audit.store';

const operates = or(isNotNull(companies.cpms), eq(companies.isSubcpo, true), eq(companies.isLifestyle, true));

const operatorColumns = {
  id: companies.id,
  name: companies.name,
  currency: companies.currency,
  timeZone: companies.timeZone,
};

/** The companies of the scope that operate stations (CPO, sub-operator, lifestyle), by name. */
export function operatorsInScope(db: Db, scope: number[]) {
  return db
    .select(operatorColumns)
    .from(companies)
    .where(and(inCompanies(companies.id, scope), operates))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** A company of the scope with whether it operates; null outside the scope. */
export function scopedOperator(db: Db, scope: number[], id: number) {
  return db
    .select({ ...operatorColumns, operates: sql<number>`${operates}` })
    .from(companies)
    .where(and(eq(companies.id, id), inCompanies(companies.id, scope)))
    .get();
}

/**
 * The month's sessions on the operator's stations, summed per currency: closed, not refused (ADR
 * 040), started in [from, to). The (company_id, cdr_start) index bounds the read.
 */
export async function monthSessionSums(db: Db, operatorId: number, from: Date, to: Date): Promise<SessionSums[]> {
  const s = chargingSessions;
  return db
    .select({
      currency: s.currency,
      sessions: sql<number>`count(*)`,
      energyWh: sql<number>`coalesce(sum(${s.energyWh}), 0)`,
      subOperatorEnergy: sql<number>`coalesce(sum(${s.subcpoEnergy}), 0)`,
      subOperatorTotal: sql<number>`coalesce(sum(${s.subcpoTotal}), 0)`,
      ownerTotal: sql<number>`coalesce(sum(${s.ownerTotal}), 0)`,
      unpriced: sql<number>`sum(CASE WHEN ${s.subcpoTotal} IS NULL THEN 1 ELSE 0 END)`,
    })
    .from(s)
    .where(
      and(
        eq(s.companyId, operatorId),
        gte(s.startAt, from),
        lt(s.startAt, to),
        eq(s.status, 'closed'),
        isNull(s.refusedStatus),
      ),
    )
    .groupBy(s.currency);
}

export interface ListFilters {
  keyword?: string | undefined;
  operator_id?: number | undefined;
  month?: string | undefined;
  status?: CpoInvoiceStatus | undefined;
  page: number;
  items_per_page: number;
}

const withOperator = { invoice: cpoInvoices, operator: { id: companies.id, name: companies.name } };

export async function listCpoInvoices(db: Db, scope: number[], f: ListFilters) {
  const conditions: (SQL | undefined)[] = [inCompanies(cpoInvoices.operatorCompanyId, scope)];
  if (f.operator_id) conditions.push(eq(cpoInvoices.operatorCompanyId, f.operator_id));
  if (f.month) conditions.push(eq(cpoInvoices.month, f.month));
  if (f.status) conditions.push(eq(cpoInvoices.status, f.status));
  if (f.keyword) {
    const k = f.keyword.toLowerCase();
    conditions.push(
      or(sql`instr(lower(${cpoInvoices.name}), ${k}) > 0`, sql`instr(lower(${companies.name}), ${k}) > 0`),
    );
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select(withOperator)
      .from(cpoInvoices)
      .innerJoin(companies, eq(companies.id, cpoInvoices.operatorCompanyId))
      .where(where)
      .orderBy(desc(cpoInvoices.month), asc(companies.name), desc(cpoInvoices.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db
      .select({ n: count() })
      .from(cpoInvoices)
      .innerJoin(companies, eq(companies.id, cpoInvoices.operatorCompanyId))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A row of an operator of the scope, with its operator; null for another company's row. */
export function scopedCpoInvoice(db: Db, scope: number[], id: number) {
  return db
    .select(withOperator)
    .from(cpoInvoices)
    .innerJoin(companies, eq(companies.id, cpoInvoices.operatorCompanyId))
    .where(and(eq(cpoInvoices.id, id), inCompanies(cpoInvoices.operatorCompanyId, scope)))
    .get();
}

export function timelineOf(db: Db, invoiceId: number) {
  return db
    .select({ event: cpoInvoiceEvents, actor: { id: users.id, email: users.email } })
    .from(cpoInvoiceEvents)
    .leftJoin(users, eq(users.id, cpoInvoiceEvents.actorUserId))
    .where(eq(cpoInvoiceEvents.invoiceId, invoiceId))
    .orderBy(asc(cpoInvoiceEvents.id));
}

export function rowExists(db: Db, operatorId: number, month: string) {
  return db
    .select({ id: cpoInvoices.id })
    .from(cpoInvoices)
    .where(and(eq(cpoInvoices.operatorCompanyId, operatorId), eq(cpoInvoices.month, month)))
    .get();
}

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
