/**
 * @module One-time product reads and writes: the only file of the resource that touches the database. Lines belong
 * to the owner (the caller's operator company); the billed company must be in the caller's scope.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { billingCoupons, billingOneTimeProducts, billingProducts, billingSubscriptions, companies } from '@db/schema';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';

type Line = typeof billingOneTimeProducts.$inferSelect;

const columns = {
  line: billingOneTimeProducts,
  companyName: companies.name,
  productName: billingProducts.name,
  subscriptionName: billingSubscriptions.name,
  couponName: billingCoupons.name,
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(billingOneTimeProducts)
    .innerJoin(companies, eq(companies.id, billingOneTimeProducts.companyId))
    .innerJoin(billingProducts, eq(billingProducts.id, billingOneTimeProducts.productId))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.id, billingOneTimeProducts.subscriptionId))
    .leftJoin(billingCoupons, eq(billingCoupons.id, billingOneTimeProducts.couponId));

/** A line of the owner billed to a company of the scope; null otherwise, so it reads as unknown. */
export async function scopedLine(db: Db, owner: number, scope: number[], id: number) {
  const row = await joined(db)
    .where(
      and(
        eq(billingOneTimeProducts.id, id),
        eq(billingOneTimeProducts.ownerCompanyId, owner),
        inArray(billingOneTimeProducts.companyId, scope),
      ),
    )
    .get();
  return row ?? null;
}

export interface LineFilters {
  pending?: boolean;
  companyId?: number;
  page: number;
  items_per_page: number;
}

export async function listLines(db: Db, owner: number, scope: number[], f: LineFilters) {
  const conditions: (SQL | undefined)[] = [
    eq(billingOneTimeProducts.ownerCompanyId, owner),
    inArray(billingOneTimeProducts.companyId, scope),
  ];
  if (f.pending !== undefined)
    conditions.push(
      f.pending ? eq(billingOneTimeProducts.status, 'pending') : ne(billingOneTimeProducts.status, 'pending'),
    );
  if (f.companyId) conditions.push(eq(billingOneTimeProducts.companyId, f.companyId));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(desc(billingOneTimeProducts.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(billingOneTimeProducts).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The owner's active one-time products: the only kind a one-time line sells. */
export function oneTimeProducts(db: Db, owner: number) {
  return db
    .select({ id: billingProducts.id, name: billingProducts.name })
    .from(billingProducts)
    .where(
      and(
        eq(billingProducts.ownerCompanyId, owner),
        eq(billingProducts.type, 'one_time'),
        eq(billingProducts.active, true),
      ),
    )
    .orderBy(asc(billingProducts.name));
}

/** The owner's coupons that are not deleted. */
export function liveCoupons(db: Db, owner: number) {
  return db
    .select({
      id: billingCoupons.id,
      name: billingCoupons.name,
      percent_off: billingCoupons.percentOff,
      amount_off: billingCoupons.amountOff,
      currency: billingCoupons.currency,
    })
    .from(billingCoupons)
    .where(and(eq(billingCoupons.ownerCompanyId, owner), isNull(billingCoupons.deletedAt)))
    .orderBy(desc(billingCoupons.id));
}

/** The company's subscriptions with the owner that are not cancelled. */
export function companySubscriptions(db: Db, owner: number, companyId: number) {
  return db
    .select({ id: billingSubscriptions.id, name: billingSubscriptions.name, status: billingSubscriptions.status })
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.ownerCompanyId, owner),
        eq(billingSubscriptions.companyId, companyId),
        ne(billingSubscriptions.status, 'canceled'),
      ),
    )
    .orderBy(desc(billingSubscriptions.id));
}

export async function insertLine(
  db: Db,
  values: typeof billingOneTimeProducts.$inferInsert,
  audit: Omit<AuditEntry, 'entityId'>,
) {
  const [row] = await db.insert(billingOneTimeProducts).values(values).returning();
  if (!row) throw new Error('one-time product insert returned nothing');
  await auditInsert(db, { ...audit, entityId: row.id });
  return row;
}

/** Changes a line only while it is pending (the invoice job may take it meanwhile); false when it no longer was. */
export async function updatePendingLine(db: Db, id: number, changes: Partial<Line>, audit: AuditEntry) {
  const [row] = await db
    .update(billingOneTimeProducts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(billingOneTimeProducts.id, id), eq(billingOneTimeProducts.status, 'pending')))
    .returning({ id: billingOneTimeProducts.id });
  if (!row) return false;
  await auditInsert(db, audit);
  return true;
}
