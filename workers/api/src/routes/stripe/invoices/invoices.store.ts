/**
 * @module Invoice reads and writes: the only file of the resource that touches the database. Scope:
 * an invoice is seen by the operator that bills it (`owner_company_id`) and by the billed company
 * (`company_id`), each through the caller's company tree; any other reads as unknown.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { billingAccounts, billingInvoiceLines, billingInvoices, companies } from '@db/schema';
import { and, asc, count, desc, eq, gte, lt, or, type SQL, sql, sum } from 'drizzle-orm';

type InvoiceUpdate = Partial<typeof billingInvoices.$inferInsert>;
type LineInsert = typeof billingInvoiceLines.$inferInsert;

const inScope = (scope: number[]) =>
  or(inCompanies(billingInvoices.ownerCompanyId, scope), inCompanies(billingInvoices.companyId, scope));

const rows = (db: Db) =>
  db
    .select({ invoice: billingInvoices, companyName: companies.name })
    .from(billingInvoices)
    .innerJoin(companies, eq(companies.id, billingInvoices.companyId));

export interface ListFilters {
  page: number;
  items_per_page: number;
  status?: string;
  created?: string;
  created_from?: string;
  created_to?: string;
  customer?: number;
}

/** [start, end) of a 'YYYY-MM' month in UTC. */
export function monthRange(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [new Date(Date.UTC(y, m - 1, 1)), new Date(Date.UTC(y, m, 1))];
}

function createdConditions(f: ListFilters): (SQL | undefined)[] {
  const out: (SQL | undefined)[] = [];
  if (f.created) {
    const [from, to] = monthRange(f.created);
    out.push(gte(billingInvoices.createdAt, from), lt(billingInvoices.createdAt, to));
  }
  if (f.created_from) out.push(gte(billingInvoices.createdAt, new Date(`${f.created_from}T00:00:00Z`)));
  if (f.created_to) {
    const end = new Date(`${f.created_to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    out.push(lt(billingInvoices.createdAt, end));
  }
  return out;
}

export async function listInvoices(db: Db, scope: number[], f: ListFilters) {
  const where = and(
    inScope(scope),
    f.status ? eq(billingInvoices.status, f.status) : undefined,
    f.customer ? eq(billingInvoices.companyId, f.customer) : undefined,
    ...createdConditions(f),
  );
  const [page, total] = await Promise.all([
    rows(db)
      .where(where)
      .orderBy(desc(billingInvoices.createdAt), desc(billingInvoices.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(billingInvoices).where(where).get(),
  ]);
  return { rows: page, total: total?.n ?? 0 };
}

export function scopedInvoice(db: Db, scope: number[], id: number) {
  return rows(db)
    .where(and(eq(billingInvoices.id, id), inScope(scope)))
    .get();
}

export function linesOf(db: Db, invoiceId: number) {
  return db
    .select()
    .from(billingInvoiceLines)
    .where(eq(billingInvoiceLines.invoiceId, invoiceId))
    .orderBy(asc(billingInvoiceLines.id));
}

/** Keeps the lines read from Stripe (a line already kept is not kept twice). */
export async function keepLines(db: Db, lines: LineInsert[]): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(billingInvoiceLines).values(lines).onConflictDoNothing();
}

/** The operator's Connect account row (null: its objects live on the platform's account). */
export function operatorAccount(db: Db, ownerCompanyId: number) {
  return db.select().from(billingAccounts).where(eq(billingAccounts.companyId, ownerCompanyId)).get();
}

export async function saveInvoice(db: Db, id: number, changes: InvoiceUpdate, audit: AuditEntry): Promise<void> {
  await db.batch([
    db
      .update(billingInvoices)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(billingInvoices.id, id)),
    auditInsert(db, audit),
  ]);
}

/** The month's invoices of the scope (voided ones left out), summed per billed company and currency. */
export function monthReport(db: Db, scope: number[], month: string) {
  const [from, to] = monthRange(month);
  return db
    .select({
      company_id: billingInvoices.companyId,
      company_name: companies.name,
      currency: billingInvoices.currency,
      invoices: count(),
      total_excluding_tax: sum(billingInvoices.totalExcludingTax).mapWith(Number),
      tax: sum(billingInvoices.tax).mapWith(Number),
      total: sum(billingInvoices.total).mapWith(Number),
      amount_paid: sum(billingInvoices.amountPaid).mapWith(Number),
    })
    .from(billingInvoices)
    .innerJoin(companies, eq(companies.id, billingInvoices.companyId))
    .where(
      and(
        inScope(scope),
        gte(billingInvoices.createdAt, from),
        lt(billingInvoices.createdAt, to),
        sql`${billingInvoices.status} <> 'void'`,
      ),
    )
    .groupBy(billingInvoices.companyId, billingInvoices.currency)
    .orderBy(asc(companies.name), asc(billingInvoices.currency));
}
