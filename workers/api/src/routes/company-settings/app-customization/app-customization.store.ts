/** @module Reads and writes of the mobile app customisation catalog. */
import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { appCustomizations } from '@db/schema';
import { asc, eq } from 'drizzle-orm';

export const allAppCustomizations = (db: Db) =>
  db
    .select({ id: appCustomizations.id, name: appCustomizations.name })
    .from(appCustomizations)
    .orderBy(asc(appCustomizations.name));

export const appCustomizationById = (db: Db, id: number) =>
  db
    .select({ id: appCustomizations.id, name: appCustomizations.name })
    .from(appCustomizations)
    .where(eq(appCustomizations.id, id))
    .get();

export const appCustomizationByName = (db: Db, name: string) =>
  db.select({ id: appCustomizations.id }).from(appCustomizations).where(eq(appCustomizations.name, name)).get();

export async function insertAppCustomization(db: Db, name: string) {
  const [row] = await db
    .insert(appCustomizations)
    .values({ name })
    .returning({ id: appCustomizations.id, name: appCustomizations.name });
  if (!row) throw new Error('app customisation insert returned no row');
  return row;
}

/** The rename statement, for a batch with its audit row. */
/** Renames an app customisation with its audit row, in one batch. */
export async function renameAppCustomization(db: Db, id: number, name: string, audit: AuditEntry) {
  await db.batch([
    db.update(appCustomizations).set({ name }).where(eq(appCustomizations.id, id)),
    auditInsert(db, audit),
  ]);
}
