/** @module Peering reads and writes for the peerings API, always within the caller's company scope. */
import type { Db } from '@db/db';
import { companies, ocpiMessages, ocpiPeerings } from '@db/schema';
import { and, count, desc, eq, inArray } from 'drizzle-orm';

/** A peering of the scope; null for another company's, so it reads as unknown. */
export const scopedPeering = (db: Db, scope: number[], id: number) =>
  db
    .select()
    .from(ocpiPeerings)
    .where(and(eq(ocpiPeerings.id, id), inArray(ocpiPeerings.companyId, scope)))
    .get();

export async function listPeerings(db: Db, scope: number[], page: number, size: number) {
  const where = inArray(ocpiPeerings.companyId, scope);
  const [rows, total] = await Promise.all([
    db
      .select({ peering: ocpiPeerings, companyName: companies.name })
      .from(ocpiPeerings)
      .innerJoin(companies, eq(companies.id, ocpiPeerings.companyId))
      .where(where)
      .orderBy(desc(ocpiPeerings.id))
      .limit(size)
      .offset(page * size)
      .all(),
    db.select({ n: count() }).from(ocpiPeerings).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const insertPeering = (db: Db, values: typeof ocpiPeerings.$inferInsert) =>
  db.insert(ocpiPeerings).values(values).returning().get();

/** The message log of a peering (already found in the scope), newest first. */
export async function messagesOf(db: Db, peeringId: number, page: number, size: number) {
  const where = eq(ocpiMessages.peeringId, peeringId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(ocpiMessages)
      .where(where)
      .orderBy(desc(ocpiMessages.id))
      .limit(size)
      .offset(page * size)
      .all(),
    db.select({ n: count() }).from(ocpiMessages).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}
