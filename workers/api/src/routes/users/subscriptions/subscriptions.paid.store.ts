/**
 * @module Reads and writes of a paid contract's billing: the catalogue product and price that sell a
 * contract on its operator's account, and the Stripe subscription row that pays a driver's contract.
 */

import type { Db } from '@db/db';
import { billingPrices, billingProducts, billingSubscriptions, companies } from '@db/schema';
import { and, desc, eq } from 'drizzle-orm';

/** The product selling `contractId` on the operator's account, if made already. */
export function contractProduct(db: Db, owner: number, contractId: number) {
  return db
    .select()
    .from(billingProducts)
    .where(and(eq(billingProducts.ownerCompanyId, owner), eq(billingProducts.contractId, contractId)))
    .get();
}

export async function insertContractProduct(db: Db, values: typeof billingProducts.$inferInsert) {
  await db.insert(billingProducts).values(values).onConflictDoNothing();
  const row = await contractProduct(db, values.ownerCompanyId, values.contractId ?? 0);
  if (!row) throw new Error('contract product not kept');
  return row;
}

/** The active price of the product with exactly this amount and recurrence, if any. */
export function matchingPrice(
  db: Db,
  productId: number,
  p: { unitAmount: number; currency: string; interval: 'month' | 'year'; intervalCount: number },
) {
  return db
    .select()
    .from(billingPrices)
    .where(
      and(
        eq(billingPrices.productId, productId),
        eq(billingPrices.active, true),
        eq(billingPrices.unitAmount, p.unitAmount),
        eq(billingPrices.currency, p.currency),
        eq(billingPrices.interval, p.interval),
        eq(billingPrices.intervalCount, p.intervalCount),
      ),
    )
    .orderBy(desc(billingPrices.id))
    .get();
}

export async function insertPrice(db: Db, values: typeof billingPrices.$inferInsert) {
  const [row] = await db.insert(billingPrices).values(values).returning();
  if (!row) throw new Error('price not kept');
  return row;
}

export async function setStripeProductId(db: Db, id: number, stripeProductId: string) {
  await db.update(billingProducts).set({ stripeProductId, updatedAt: new Date() }).where(eq(billingProducts.id, id));
}

export async function setStripePriceId(db: Db, id: number, stripePriceId: string) {
  await db.update(billingPrices).set({ stripePriceId, updatedAt: new Date() }).where(eq(billingPrices.id, id));
}

export function companyCountry(db: Db, companyId: number) {
  return db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId)).get();
}

/** The Stripe subscription paying a driver's contract, if it was bought paid. */
export function subscriptionOfContract(db: Db, userContractId: number) {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userContractId, userContractId))
    .orderBy(desc(billingSubscriptions.id))
    .get();
}
