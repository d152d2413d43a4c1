/**
 * @module Reads of a fleet company's own usage invoices: always by the caller's selected company, so
 * another company's invoice reads as missing.
 */
import type { Db } from '@db/db';
import { billingInvoiceLines, billingInvoices, companies } from '@db/schema';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';

const mine = (companyId: number) => and(eq(billingInvoices.companyId, companyId), eq(billingInvoices.kind, 'usage'));

export async function listFleetInvoices(db: Db, companyId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: billingInvoices.id,
        period: billingInvoices.period,
        number: billingInvoices.number,
        status: billingInvoices.status,
        currency: billingInvoices.currency,
        total: billingInvoices.total,
        amountDue: billingInvoices.amountDue,
        amountPaid: billingInvoices.amountPaid,
        // Qualified by hand: drizzle writes a bare "id" in a select, which the subquery would read as l.id.
        lines: sql<number>`(SELECT count(*) FROM billing_invoice_lines l WHERE l.invoice_id = "billing_invoices"."id")`,
        periodStart: billingInvoices.periodStart,
        periodEnd: billingInvoices.periodEnd,
        hostedInvoiceUrl: billingInvoices.hostedInvoiceUrl,
        createdAt: billingInvoices.createdAt,
      })
      .from(billingInvoices)
      .where(mine(companyId))
      .orderBy(desc(billingInvoices.period), desc(billingInvoices.id))
      .limit(perPage)
      .offset(page * perPage),
    db.select({ n: count() }).from(billingInvoices).where(mine(companyId)).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The invoice with its lines and company name, or null when it is not the company's. */
export async function fleetInvoiceWithLines(db: Db, companyId: number, invoiceId: number) {
  const invoice = await db
    .select({ invoice: billingInvoices, companyName: companies.name })
    .from(billingInvoices)
    .innerJoin(companies, eq(companies.id, billingInvoices.companyId))
    .where(and(eq(billingInvoices.id, invoiceId), mine(companyId)))
    .get();
  if (!invoice) return null;
  const lines = await db
    .select()
    .from(billingInvoiceLines)
    .where(eq(billingInvoiceLines.invoiceId, invoiceId))
    .orderBy(asc(billingInvoiceLines.id));
  return { ...invoice, lines };
}
