/**
 * @module MPS tariffs (rows of `mps_tariffs`): which approved tariff applies per company, type and
 * country. Reads are limited to the caller's companies; the (company, type, country) pair is unique.
 */

import type { Db } from '@db/db';
import { mpsTariffs, tariffs } from '@db/schema';
import type { TariffType } from '@domain/tariffs/model';
import { and, eq, inArray, type SQL } from 'drizzle-orm';

type MpsInsert = typeof mpsTariffs.$inferInsert;

/** The entries of `companies` of a type (and a country), by country, with their tariff's name. */
export function mpsList(db: Db, companies: readonly number[], type: TariffType, countryCode: string | undefined) {
  const where: SQL[] = [inArray(mpsTariffs.companyId, [...companies]), eq(mpsTariffs.type, type)];
  if (countryCode) where.push(eq(mpsTariffs.countryCode, countryCode));
  return db
    .select({ m: mpsTariffs, name: tariffs.name })
    .from(mpsTariffs)
    .leftJoin(tariffs, eq(tariffs.id, mpsTariffs.tariffId))
    .where(and(...where))
    .orderBy(mpsTariffs.countryCode);
}

/** The entry with its tariff's name, if it belongs to the scope. */
export function scopedMps(db: Db, scope: readonly number[], id: number) {
  return db
    .select({ m: mpsTariffs, name: tariffs.name })
    .from(mpsTariffs)
    .leftJoin(tariffs, eq(tariffs.id, mpsTariffs.tariffId))
    .where(and(eq(mpsTariffs.id, id), inArray(mpsTariffs.companyId, [...scope])))
    .get();
}

/** The first returned row, or 'exists' when the (company, type, country) unique index refused it. */
async function uniqueOrExists<T>(write: () => Promise<T[]>): Promise<T | undefined | 'exists'> {
  try {
    return (await write())[0];
  } catch (err) {
    // Drizzle wraps D1's error: the constraint is named in the cause.
    const text = `${String(err)} ${String((err as { cause?: unknown }).cause)}`;
    if (text.includes('UNIQUE')) return 'exists';
    throw err;
  }
}

export function insertMps(db: Db, values: MpsInsert) {
  return uniqueOrExists(() => db.insert(mpsTariffs).values(values).returning());
}

export function updateMps(db: Db, id: number, values: Pick<MpsInsert, 'type' | 'countryCode' | 'tariffId'>) {
  return uniqueOrExists(() => db.update(mpsTariffs).set(values).where(eq(mpsTariffs.id, id)).returning());
}

export async function deleteMps(db: Db, id: number) {
  await db.delete(mpsTariffs).where(eq(mpsTariffs.id, id));
}
