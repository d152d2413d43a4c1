/** @module Coupon reads and writes: the only file of the resource that touches the database, always within the owner company. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { billingCoupons } from '@db/schema';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';

type Coupon = typeof billingCoupons.$inferSelect;

/** A coupon of the owner; null for another company's, so it reads as unknown. */
export async function scopedCoupon(db: Db, owner: number, id: number) {
  const row = await db
    .select()
    .from(billingCoupons)
    .where(and(eq(billingCoupons.id, id), eq(billingCoupons.ownerCompanyId, owner)))
    .get();
  return row ?? null;
}

export async function listCoupons(
  db: Db,
  owner: number,
  f: { deleted: boolean; page: number; items_per_page: number },
) {
  const conditions: (SQL | undefined)[] = [eq(billingCoupons.ownerCompanyId, owner)];
  if (!f.deleted) conditions.push(isNull(billingCoupons.deletedAt));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(billingCoupons)
      .where(where)
      .orderBy(desc(billingCoupons.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(billingCoupons).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertCoupon(
  db: Db,
  values: typeof billingCoupons.$inferInsert,
  audit: Omit<AuditEntry, 'entityId'>,
) {
  const [row] = await db.insert(billingCoupons).values(values).returning();
  if (!row) throw new Error('coupon insert returned nothing');
  await auditInsert(db, { ...audit, entityId: row.id });
  return row;
}

export async function setStripeCouponId(db: Db, id: number, stripeCouponId: string) {
  const [row] = await db
    .update(billingCoupons)
    .set({ stripeCouponId, updatedAt: new Date() })
    .where(eq(billingCoupons.id, id))
    .returning();
  if (!row) throw new Error('coupon vanished');
  return row;
}

export async function updateCoupon(
  db: Db,
  id: number,
  changes: Pick<Partial<Coupon>, 'name' | 'deletedAt'>,
  audit: AuditEntry,
) {
  const [[row]] = await db.batch([
    db
      .update(billingCoupons)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(billingCoupons.id, id))
      .returning(),
    auditInsert(db, audit),
  ]);
  if (!row) throw new Error('coupon vanished');
  return row;
}
