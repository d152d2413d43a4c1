/**
 * @module Reads of a private user's own invoices: the invoices of the caller's company (billing_invoices)
 * that bill at least one of the caller's sessions (billing_invoice_lines.session_id → charging_sessions
 * .user_id = the caller), with the caller's share and whether other users' sessions are on it too.
 */
import type { Db } from '@db/db';
import { billingInvoiceLines, billingInvoices, chargingSessions } from '@db/schema';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { MyInvoicesFilters } from './my-invoices.schemas';

type Me = { userId: number; companyId: number };

/** The outer invoice's id, qualified: drizzle writes a one-table select's columns unqualified. */
const invoiceId = sql.raw('"billing_invoices"."id"');

/** Lines of this invoice that bill one of the caller's sessions. */
const myLinesOf = (userId: number) => sql`(
  SELECT l.id FROM ${billingInvoiceLines} l JOIN ${chargingSessions} s ON s.id = l.session_id
   WHERE l.invoice_id = ${invoiceId} AND s.user_id = ${userId})`;

function whereOf(me: Me, f: Partial<MyInvoicesFilters>, id?: number): SQL | undefined {
  return and(
    eq(billingInvoices.companyId, me.companyId),
    sql`EXISTS ${myLinesOf(me.userId)}`,
    f.year ? gte(billingInvoices.createdAt, new Date(Date.UTC(f.year, 0, 1))) : undefined,
    f.year ? lt(billingInvoices.createdAt, new Date(Date.UTC(f.year + 1, 0, 1))) : undefined,
    f.status ? eq(billingInvoices.status, f.status) : undefined,
    id === undefined ? undefined : eq(billingInvoices.id, id),
  );
}

/** The caller's share of each invoice: their session lines and amount, and how many session lines are not theirs. */
function sharesOf(me: Me) {
  return {
    mine: sql<number>`(SELECT count(*) FROM ${myLinesOf(me.userId)})`.mapWith(Number),
    amount:
      sql<number>`(SELECT coalesce(sum(l2.amount), 0) FROM ${billingInvoiceLines} l2 WHERE l2.id IN ${myLinesOf(me.userId)})`.mapWith(
        Number,
      ),
    others:
      sql<number>`(SELECT count(*) FROM ${billingInvoiceLines} l3 LEFT JOIN ${chargingSessions} s3 ON s3.id = l3.session_id
       WHERE l3.invoice_id = ${invoiceId} AND l3.session_id IS NOT NULL AND (s3.user_id IS NULL OR s3.user_id <> ${me.userId}))`.mapWith(
        Number,
      ),
  };
}

/** One page of the caller's invoices, newest first, with their shares, and the total. */
export async function myInvoicesPage(db: Db, me: Me, f: MyInvoicesFilters) {
  const where = whereOf(me, f);
  const [rows, total] = await Promise.all([
    db
      .select({ inv: billingInvoices, ...sharesOf(me) })
      .from(billingInvoices)
      .where(where)
      .orderBy(desc(billingInvoices.createdAt), desc(billingInvoices.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(billingInvoices).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One of the caller's invoices with its share; undefined when it bills none of the caller's sessions. */
export function myInvoice(db: Db, me: Me, id: number) {
  return db
    .select({ inv: billingInvoices, ...sharesOf(me) })
    .from(billingInvoices)
    .where(whereOf(me, {}, id))
    .get();
}

/** The invoice's lines of the caller's sessions, in order. */
export function myLines(db: Db, userId: number, invoiceId: number) {
  return db
    .select({ line: billingInvoiceLines })
    .from(billingInvoiceLines)
    .innerJoin(chargingSessions, eq(chargingSessions.id, billingInvoiceLines.sessionId))
    .where(and(eq(billingInvoiceLines.invoiceId, invoiceId), eq(chargingSessions.userId, userId)))
    .orderBy(asc(billingInvoiceLines.id));
}
