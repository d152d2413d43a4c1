/** @module Reads and writes of billing customers: the only file of the customer resource that touches the database. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { billingAccounts, billingCustomers, companies } from '@db/schema';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';

type Customer = typeof billingCustomers.$inferSelect;

/** A company of the caller's tree; undefined for any other (404). */
export function scopedCompany(db: Db, scope: readonly number[], id: number) {
  return db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), inArray(companies.id, [...scope])))
    .get();
}

/** The operator's Connect account row, whose `stripeAccountId` holds its customers (else the platform). */
export function operatorAccount(db: Db, operatorId: number) {
  return db
    .select({ stripeAccountId: billingAccounts.stripeAccountId })
    .from(billingAccounts)
    .where(eq(billingAccounts.companyId, operatorId))
    .get();
}

const withCompany = { customer: billingCustomers, company: { name: companies.name, currency: companies.currency } };

/**
 * The customer of a company of the tree: the one the selected operator holds first, else one an
 * operator of the tree holds; undefined when the company is outside the tree or has none.
 */
export function scopedCustomer(db: Db, scope: readonly number[], companyId: number, operatorId: number) {
  return db
    .select(withCompany)
    .from(billingCustomers)
    .innerJoin(companies, eq(companies.id, billingCustomers.companyId))
    .where(
      and(
        eq(billingCustomers.companyId, companyId),
        inArray(billingCustomers.companyId, [...scope]),
        or(eq(billingCustomers.ownerCompanyId, operatorId), inArray(billingCustomers.ownerCompanyId, [...scope])),
      ),
    )
    .orderBy(desc(sql`${billingCustomers.ownerCompanyId} = ${operatorId}`), asc(billingCustomers.id))
    .get();
}

export async function listCustomers(
  db: Db,
  scope: readonly number[],
  f: { keyword?: string; page: number; items_per_page: number },
) {
  const k = f.keyword?.toLowerCase();
  const where = and(
    inArray(billingCustomers.companyId, [...scope]),
    k
      ? or(
          sql`instr(lower(${companies.name}), ${k}) > 0`,
          sql`instr(lower(coalesce(${billingCustomers.email}, '')), ${k}) > 0`,
          sql`instr(lower(coalesce(${billingCustomers.taxIdValue}, '')), ${k}) > 0`,
        )
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select(withCompany)
      .from(billingCustomers)
      .innerJoin(companies, eq(companies.id, billingCustomers.companyId))
      .where(where)
      .orderBy(asc(companies.name), asc(billingCustomers.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db
      .select({ n: count() })
      .from(billingCustomers)
      .innerJoin(companies, eq(companies.id, billingCustomers.companyId))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Our row first (its id names the Stripe creation); an existing unsynced row is reused. */
export async function insertCustomer(db: Db, values: typeof billingCustomers.$inferInsert) {
  const [row] = await db
    .insert(billingCustomers)
    .values(values)
    .onConflictDoUpdate({
      target: [billingCustomers.companyId, billingCustomers.ownerCompanyId],
      set: { name: values.name, email: values.email ?? null, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('customer insert returned nothing');
  return row;
}

/** Stores a change and its audit row; mirrors the Stripe customer id on the company row when set. */
export async function updateCustomer(db: Db, customer: Customer, changes: Partial<Customer>, audit: AuditEntry) {
  const [[row]] = await db.batch([
    db
      .update(billingCustomers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(billingCustomers.id, customer.id))
      .returning(),
    auditInsert(db, audit),
    // The company row keeps the same Stripe customer id as ours (spec 3: Company stripe_customer_id).
    db
      .update(companies)
      .set({ stripeCustomerId: changes.stripeCustomerId ?? sql`${companies.stripeCustomerId}` })
      .where(eq(companies.id, customer.companyId)),
  ]);
  return row;
}
