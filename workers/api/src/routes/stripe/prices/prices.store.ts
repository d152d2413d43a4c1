/** @module Price reads and writes: the only file of the resource that touches the database, always within the owner company. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { billingPrices, billingProducts } from '@db/schema';
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';

type Price = typeof billingPrices.$inferSelect;

const ofOwner = (owner: number) => eq(billingPrices.ownerCompanyId, owner);
const columns = { price: billingPrices, productName: billingProducts.name };

/** A price of the owner with its product's name; null for another company's, so it reads as unknown. */
export async function scopedPrice(db: Db, owner: number, id: number) {
  const row = await db
    .select(columns)
    .from(billingPrices)
    .innerJoin(billingProducts, eq(billingProducts.id, billingPrices.productId))
    .where(and(eq(billingPrices.id, id), ofOwner(owner)))
    .get();
  return row ?? null;
}

/** The active default price of a product of the owner (spec 7.4 byProductId=1). */
export async function defaultPriceOf(db: Db, owner: number, productId: number) {
  const row = await db
    .select(columns)
    .from(billingPrices)
    .innerJoin(billingProducts, eq(billingProducts.id, billingPrices.productId))
    .where(
      and(
        eq(billingPrices.productId, productId),
        ofOwner(owner),
        eq(billingPrices.isDefault, true),
        eq(billingPrices.active, true),
      ),
    )
    .get();
  return row ?? null;
}

export interface PriceFilters {
  productId?: number;
  active?: boolean;
  /** Part of the product's name. */
  q?: string;
  page: number;
  items_per_page: number;
}

export async function listPrices(db: Db, owner: number, f: PriceFilters) {
  const conditions: (SQL | undefined)[] = [ofOwner(owner)];
  if (f.productId) conditions.push(eq(billingPrices.productId, f.productId));
  if (f.active !== undefined) conditions.push(eq(billingPrices.active, f.active));
  if (f.q) conditions.push(sql`instr(lower(${billingProducts.name}), ${f.q.toLowerCase()}) > 0`);
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(billingPrices)
      .innerJoin(billingProducts, eq(billingProducts.id, billingPrices.productId))
      .where(where)
      .orderBy(desc(billingPrices.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db
      .select({ n: count() })
      .from(billingPrices)
      .innerJoin(billingProducts, eq(billingProducts.id, billingPrices.productId))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Other prices of the product stop being its default (one default per product). */
const clearDefault = (db: Db, productId: number, except: number) =>
  db
    .update(billingPrices)
    .set({ isDefault: false })
    .where(and(eq(billingPrices.productId, productId), ne(billingPrices.id, except)));

/** Inserts a price (not yet in Stripe) and its audit row; a default price takes the default from the others. */
export async function insertPrice(
  db: Db,
  values: typeof billingPrices.$inferInsert,
  audit: Omit<AuditEntry, 'entityId'>,
) {
  const [row] = await db.insert(billingPrices).values(values).returning();
  if (!row) throw new Error('price insert returned nothing');
  const audited = auditInsert(db, { ...audit, entityId: row.id });
  if (row.isDefault) await db.batch([clearDefault(db, row.productId, row.id), audited]);
  else await audited;
  return row;
}

export async function setStripePriceId(db: Db, id: number, stripePriceId: string) {
  const [row] = await db
    .update(billingPrices)
    .set({ stripePriceId, updatedAt: new Date() })
    .where(eq(billingPrices.id, id))
    .returning();
  if (!row) throw new Error('price vanished');
  return row;
}

/** Applies `active` / default (the only changes a price takes in place), with the audit row. */
export async function updatePrice(
  db: Db,
  id: number,
  changes: Pick<Partial<Price>, 'active' | 'isDefault'>,
  audit: AuditEntry,
) {
  const [[row]] = await db.batch([
    db
      .update(billingPrices)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(billingPrices.id, id))
      .returning(),
    auditInsert(db, audit),
  ]);
  if (!row) throw new Error('price vanished');
  if (row.isDefault) await clearDefault(db, row.productId, row.id);
  return row;
}
