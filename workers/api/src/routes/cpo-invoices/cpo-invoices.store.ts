/**
 * @module Operator invoice board reads: with `cpo-invoices.write.store.ts`, the only files of the
 * resource that touch the database. Every read is limited to operators of the caller's scope.
 */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { chargingSessions, companies, cpoInvoiceEvents, cpoInvoices, users } from '@db/schema';
import type { CpoInvoiceStatus, SessionSums } from '@domain/billing/cpo-invoice';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';

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
