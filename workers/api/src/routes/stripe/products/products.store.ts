/** @module Product reads and writes: the only file of the resource that touches the database, always within the owner company. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { billingPrices, billingProducts } from '@db/schema';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

type Product = typeof billingProducts.$inferSelect;

const defaultPrice = {
  id: billingPrices.id,
  unit_amount: billingPrices.unitAmount,
  currency: billingPrices.currency,
  interval: billingPrices.interval,
};

/** The product's active default price joined in (one per product). */
const withDefaultPrice = and(
  eq(billingPrices.productId, billingProducts.id),
  eq(billingPrices.isDefault, true),
  eq(billingPrices.active, true),
);

/** A product of the owner; null for another company's, so it reads as unknown. */
export async function scopedProduct(db: Db, owner: number, id: number) {
  const row = await db
    .select({ product: billingProducts, price: defaultPrice })
    .from(billingProducts)
    .leftJoin(billingPrices, withDefaultPrice)
    .where(and(eq(billingProducts.id, id), eq(billingProducts.ownerCompanyId, owner)))
    .get();
  return row ?? null;
}

export interface ProductFilters {
  types?: Product['type'][];
  active?: boolean;
  q?: string;
  page: number;
  items_per_page: number;
}

export async function listProducts(db: Db, owner: number, f: ProductFilters) {
  const conditions: (SQL | undefined)[] = [eq(billingProducts.ownerCompanyId, owner)];
  if (f.types?.length) conditions.push(inArray(billingProducts.type, f.types));
  if (f.active !== undefined) conditions.push(eq(billingProducts.active, f.active));
  if (f.q) conditions.push(sql`instr(lower(${billingProducts.name}), ${f.q.toLowerCase()}) > 0`);
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select({ product: billingProducts, price: defaultPrice })
      .from(billingProducts)
      .leftJoin(billingPrices, withDefaultPrice)
      .where(where)
      .orderBy(desc(billingProducts.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(billingProducts).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many prices (active or not) the product has. */
export async function priceCount(db: Db, productId: number) {
  const row = await db.select({ n: count() }).from(billingPrices).where(eq(billingPrices.productId, productId)).get();
  return row?.n ?? 0;
}

/** Inserts the product (not yet in Stripe) and its audit row. */
export async function insertProduct(
  db: Db,
  values: typeof billingProducts.$inferInsert,
  audit: Omit<AuditEntry, 'entityId'>,
) {
  const [row] = await db.insert(billingProducts).values(values).returning();
  if (!row) throw new Error('product insert returned nothing');
  await auditInsert(db, { ...audit, entityId: row.id });
  return row;
}

/** Stores the Stripe id once Stripe took the product. */
export async function setStripeProductId(db: Db, id: number, stripeProductId: string) {
  const [row] = await db
    .update(billingProducts)
    .set({ stripeProductId, updatedAt: new Date() })
    .where(eq(billingProducts.id, id))
    .returning();
  if (!row) throw new Error('product vanished');
  return row;
}

/** Applies a change Stripe already took (or that is ours only), with its audit row. */
export async function updateProduct(db: Db, id: number, changes: Partial<Product>, audit: AuditEntry) {
  const [[row]] = await db.batch([
    db
      .update(billingProducts)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(billingProducts.id, id))
      .returning(),
    auditInsert(db, audit),
  ]);
  if (!row) throw new Error('product vanished');
  return row;
}
