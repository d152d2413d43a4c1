/** @module Tax rate reads and writes: the only file of the resource that touches the database, always within the owner company. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { billingTaxRates } from '@db/schema';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';

type TaxRate = typeof billingTaxRates.$inferSelect;

/** A tax rate of the owner; null for another company's, so it reads as unknown. */
export async function scopedTaxRate(db: Db, owner: number, id: number) {
  const row = await db
    .select()
    .from(billingTaxRates)
    .where(and(eq(billingTaxRates.id, id), eq(billingTaxRates.ownerCompanyId, owner)))
    .get();
  return row ?? null;
}

export async function listTaxRates(
  db: Db,
  owner: number,
  f: { active?: boolean; page: number; items_per_page: number },
) {
  const conditions: (SQL | undefined)[] = [eq(billingTaxRates.ownerCompanyId, owner)];
  if (f.active !== undefined) conditions.push(eq(billingTaxRates.active, f.active));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(billingTaxRates)
      .where(where)
      .orderBy(desc(billingTaxRates.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(billingTaxRates).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertTaxRate(
  db: Db,
  values: typeof billingTaxRates.$inferInsert,
  audit: Omit<AuditEntry, 'entityId'>,
) {
  const [row] = await db.insert(billingTaxRates).values(values).returning();
  if (!row) throw new Error('tax rate insert returned nothing');
  await auditInsert(db, { ...audit, entityId: row.id });
  return row;
}

export async function setStripeTaxRateId(db: Db, id: number, stripeTaxRateId: string) {
  const [row] = await db
    .update(billingTaxRates)
    .set({ stripeTaxRateId, updatedAt: new Date() })
    .where(eq(billingTaxRates.id, id))
    .returning();
  if (!row) throw new Error('tax rate vanished');
  return row;
}

export async function updateTaxRate(db: Db, id: number, changes: Partial<TaxRate>, audit: AuditEntry) {
  const [[row]] = await db.batch([
    db
      .update(billingTaxRates)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(billingTaxRates.id, id))
      .returning(),
    auditInsert(db, audit),
  ]);
  if (!row) throw new Error('tax rate vanished');
  return row;
}
