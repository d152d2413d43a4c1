/**
 * @module Subscription reads and writes: the only file of the resource that touches the database.
 * Scope: a subscription is seen by the operator that bills it (`owner_company_id`) and by the billed
 * company (`company_id`), each through the caller's company tree; any other reads as unknown.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import {
  billingAccounts,
  billingCoupons,
  billingCustomers,
  billingPrices,
  billingSubscriptions,
  billingTaxRates,
  companies,
} from '@db/schema';
import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';

type SubscriptionInsert = typeof billingSubscriptions.$inferInsert;

/** The subscriptions the scope bills or is billed by. */
export const inScope = (scope: number[]) =>
  or(inCompanies(billingSubscriptions.ownerCompanyId, scope), inCompanies(billingSubscriptions.companyId, scope));

const rows = (db: Db) =>
  db
    .select({ sub: billingSubscriptions, price: billingPrices, company: { name: companies.name } })
    .from(billingSubscriptions)
    .innerJoin(billingPrices, eq(billingPrices.id, billingSubscriptions.priceId))
    .innerJoin(companies, eq(companies.id, billingSubscriptions.companyId));

export interface ListFilters {
  page: number;
  items_per_page: number;
  status?: string;
  company_id?: number;
}

/** One page of the scope's subscriptions (of these statuses when given), newest first, and the count. */
export async function listSubscriptions(db: Db, scope: number[], f: ListFilters, statuses?: readonly string[]) {
  const where = and(
    inScope(scope),
    f.status ? eq(billingSubscriptions.status, f.status) : undefined,
    statuses ? inArray(billingSubscriptions.status, [...statuses]) : undefined,
    f.company_id ? eq(billingSubscriptions.companyId, f.company_id) : undefined,
  );
  const [page, total] = await Promise.all([
    rows(db)
      .where(where)
      .orderBy(desc(billingSubscriptions.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(billingSubscriptions).where(where).get(),
  ]);
  return { rows: page, total: total?.n ?? 0 };
}

/** Every subscription of these statuses in the scope, by company name then newest first. */
export function subscriptionsByCompany(db: Db, scope: number[], statuses: readonly string[]) {
  return rows(db)
    .where(and(inScope(scope), inArray(billingSubscriptions.status, [...statuses])))
    .orderBy(asc(companies.name), asc(billingSubscriptions.companyId), desc(billingSubscriptions.id));
}

export function scopedSubscription(db: Db, scope: number[], id: number) {
  return rows(db)
    .where(and(eq(billingSubscriptions.id, id), inScope(scope)))
    .get();
}

/** A company of the caller's tree, or null. */
export function companyInScope(db: Db, scope: number[], companyId: number) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), inCompanies(companies.id, scope)))
    .get();
}

/**
 * The billing customer of `companyId` that the scope may bill: held by an operator of the scope,
 * or (a company of the scope billed by its operator) any of its customers; one known to Stripe first.
 */
export function customerOfCompany(db: Db, scope: number[], companyId: number) {
  return db
    .select()
    .from(billingCustomers)
    .where(
      and(
        eq(billingCustomers.companyId, companyId),
        or(inCompanies(billingCustomers.ownerCompanyId, scope), inCompanies(billingCustomers.companyId, scope)),
      ),
    )
    .orderBy(desc(billingCustomers.stripeCustomerId), asc(billingCustomers.id))
    .get();
}

/** The catalogue objects of the operator `owner` (another operator's read as none). */
export function ownedPrice(db: Db, owner: number, id: number) {
  return db
    .select()
    .from(billingPrices)
    .where(and(eq(billingPrices.id, id), eq(billingPrices.ownerCompanyId, owner)))
    .get();
}

export function ownedCoupon(db: Db, owner: number, id: number) {
  return db
    .select()
    .from(billingCoupons)
    .where(and(eq(billingCoupons.id, id), eq(billingCoupons.ownerCompanyId, owner), isNull(billingCoupons.deletedAt)))
    .get();
}

export function ownedTaxRate(db: Db, owner: number, id: number) {
  return db
    .select()
    .from(billingTaxRates)
    .where(and(eq(billingTaxRates.id, id), eq(billingTaxRates.ownerCompanyId, owner), eq(billingTaxRates.active, true)))
    .get();
}

/** The operator's Connect account row (null: its objects live on the platform's account). */
export function operatorAccount(db: Db, ownerCompanyId: number) {
  return db.select().from(billingAccounts).where(eq(billingAccounts.companyId, ownerCompanyId)).get();
}

/** Inserts our row first (its id keys the Stripe call; the audit row follows Stripe's answer); answers the id. */
export async function insertSubscription(db: Db, values: SubscriptionInsert): Promise<number> {
  const inserted = await db.insert(billingSubscriptions).values(values).returning({ id: billingSubscriptions.id });
  const id = inserted[0]?.id;
  if (!id) throw new Error('subscription insert returned no id');
  return id;
}

/** Writes what Stripe answered (or what the caller changed), with the audit row when given. */
export async function saveSubscription(
  db: Db,
  id: number,
  changes: Partial<SubscriptionInsert>,
  audit?: AuditEntry,
): Promise<void> {
  const update = db
    .update(billingSubscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(billingSubscriptions.id, id));
  if (audit) await db.batch([update, auditInsert(db, audit)]);
  else await update;
}
