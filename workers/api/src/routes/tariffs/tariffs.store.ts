/**
 * @module Every read and write of the tariffs API's tariffs, within the caller's company scope
 * (another company's tariff is read as missing), the sessions it re-prices, and what a tariff
 * refers to. A write that needs the tariff still pending is conditional, so a concurrent approval wins.
 */

import type { Db } from '@db/db';
import { companyAncestorIds, companyScopeIds } from '@db/queries/companies.store';
import { chargingSessions, companies, customerGroups, tariffs } from '@db/schema';
import { storedType } from '@domain/tariffs/model';
import { and, asc, count, desc, eq, inArray, isNull, like, or, type SQL } from 'drizzle-orm';

export type TariffRow = typeof tariffs.$inferSelect;
type TariffInsert = typeof tariffs.$inferInsert;

/** The tariff, if it belongs to the scope. */
export function scopedTariff(db: Db, scope: readonly number[], id: number): Promise<TariffRow | undefined> {
  return db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.id, id), inArray(tariffs.companyId, [...scope])))
    .get();
}

export interface TariffListQuery {
  page: number;
  items_per_page: number;
  paginate: 'true' | 'false';
  keyword?: string | undefined;
  status?: 'pending' | 'approved' | undefined;
}

/** A page of the scope's tariffs of a list type (`pending`: the approval queue), newest first, and the total. */
export async function tariffPage(db: Db, scope: readonly number[], type: string, q: TariffListQuery) {
  const where: SQL[] = [inArray(tariffs.companyId, [...scope])];
  if (type === 'pending') where.push(eq(tariffs.status, 'pending'));
  else {
    where.push(eq(tariffs.type, storedType(type) ?? 'cpo'));
    if (q.status) where.push(eq(tariffs.status, q.status));
  }
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[%_]/g, '')}%`;
    where.push(or(like(tariffs.name, k), like(tariffs.label, k)) as SQL);
  }
  const cond = and(...where);
  const base = db.select().from(tariffs).where(cond).orderBy(desc(tariffs.createdAt), desc(tariffs.id));
  const [rows, total] = await Promise.all([
    q.paginate === 'false' ? base.limit(1000) : base.limit(q.items_per_page).offset(q.page * q.items_per_page),
    db.select({ n: count() }).from(tariffs).where(cond).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertTariff(db: Db, values: TariffInsert): Promise<TariffRow> {
  const [row] = await db.insert(tariffs).values(values).returning();
  if (!row) throw new Error('tariff insert returned nothing');
  return row;
}

/** Updates a tariff only while it is still pending: the new row, or undefined. */
export async function updatePending(db: Db, id: number, values: Partial<TariffInsert>) {
  const [row] = await db
    .update(tariffs)
    .set(values)
    .where(and(eq(tariffs.id, id), eq(tariffs.status, 'pending')))
    .returning();
  return row;
}

/** Deletes a tariff only while it is still pending: the deleted row, or undefined. */
export async function deletePending(db: Db, id: number) {
  const [gone] = await db
    .delete(tariffs)
    .where(and(eq(tariffs.id, id), eq(tariffs.status, 'pending')))
    .returning();
  return gone;
}

/** The highest version number of the chain whose first version is `root`. */
export async function latestVersion(db: Db, root: number): Promise<number | null> {
  const latest = await db
    .select({ v: tariffs.version })
    .from(tariffs)
    .where(or(eq(tariffs.id, root), eq(tariffs.versionOf, root)))
    .orderBy(desc(tariffs.version))
    .get();
  return latest?.v ?? null;
}

/** Stores the new version; the first version then names its chain too, so versions are found by one column. */
export async function insertVersion(db: Db, first: TariffRow, values: TariffInsert & { versionOf: number }) {
  const row = await insertTariff(db, values);
  if (first.versionOf === null)
    await db.update(tariffs).set({ versionOf: values.versionOf }).where(eq(tariffs.id, first.id));
  return row;
}

/** The session, if it ran at or belongs to a company of the scope. */
export function scopedSession(db: Db, scope: readonly number[], id: number) {
  return db
    .select()
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.id, id),
        or(inArray(chargingSessions.companyId, [...scope]), inArray(chargingSessions.ownerCompanyId, [...scope])),
      ),
    )
    .get();
}

/** The session as stored now (after re-pricing). */
export function sessionById(db: Db, id: number) {
  return db.select().from(chargingSessions).where(eq(chargingSessions.id, id)).get();
}
/**
 * Whether a tariff of `tariffCompanyId` may be reserved to the customer group: it exists, is not
 * deleted, belongs to a company of the caller's scope, and that company is on the tariff company's
 * chain (the tariff company itself, an ancestor or a descendant), the companies whose sessions the
 * tariff can price. A group of another company is indistinguishable from one that does not exist.
 */
export async function customerGroupUsable(
  db: Db,
  groupId: number,
  tariffCompanyId: number,
  scope: readonly number[],
): Promise<boolean> {
  const group = await db
    .select({ companyId: customerGroups.companyId, deletedAt: customerGroups.deletedAt })
    .from(customerGroups)
    .where(eq(customerGroups.id, groupId))
    .get();
  if (!group || group.deletedAt !== null || !scope.includes(group.companyId)) return false;
  const [up, down] = await Promise.all([companyAncestorIds(db, tariffCompanyId), companyScopeIds(db, tariffCompanyId)]);
  return up.includes(group.companyId) || down.includes(group.companyId);
}

/** The tariff form's customer group picker: live groups of the caller's companies, 20 by name or one by id. */
export async function customerGroupChoices(
  db: Db,
  scope: readonly number[],
  q: { keyword?: string | undefined; id?: number | undefined },
) {
  const k = q.keyword ? `%${q.keyword.replace(/[%_\\]/g, '')}%` : null;
  const rows = await db
    .select({ id: customerGroups.id, name: customerGroups.name, company: companies.name })
    .from(customerGroups)
    .innerJoin(companies, eq(companies.id, customerGroups.companyId))
    .where(
      and(
        inArray(customerGroups.companyId, [...scope]),
        isNull(customerGroups.deletedAt),
        q.id ? eq(customerGroups.id, q.id) : undefined,
        k ? like(customerGroups.name, k) : undefined,
      ),
    )
    .orderBy(asc(customerGroups.name))
    .limit(20);
  return rows.map((r) => ({ id: r.id, name: r.name, detail: r.company }));
}
