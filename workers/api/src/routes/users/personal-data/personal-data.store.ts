/**
 * @module Personal data reads and writes, shared by the fleet admin's and the driver's own routes.
 * Which stations a driver "may use" is the charger's own rule (domain/charging-authorization
 * stationVerdict), so the choice offered here never disagrees with what the charge point will be told.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { FAMILY_SQL } from '@db/queries/authorization.store';
import { stations, userPersonalData, users } from '@db/schema';
import { type PermissionFacts, stationVerdict } from '@domain/charging-authorization/decide';
import type { PersonalDataChanges } from '@domain/self-service/personal-data';
import { and, eq, like, or, sql } from 'drizzle-orm';

type User = typeof users.$inferSelect;

function factsOf(u: User): PermissionFacts {
  return {
    companyId: u.companyId,
    canChargePublic: u.canChargePublic,
    canChargeWork: u.canChargeWork,
    canChargeHome: u.canChargeHome,
    onlyPrivate: u.onlyPrivate,
  };
}

async function familyOf(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.$client.prepare(FAMILY_SQL).bind(companyId).all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

type StationRow = Pick<
  typeof stations.$inferSelect,
  'id' | 'name' | 'uid' | 'type' | 'city' | 'companyId' | 'ownerCompanyId'
>;
const stationColumns = {
  id: stations.id,
  name: stations.name,
  uid: stations.uid,
  type: stations.type,
  city: stations.city,
  companyId: stations.companyId,
  ownerCompanyId: stations.ownerCompanyId,
};

/** Whether the user may charge at station `stationId` by type and ownership (the charger's rule); false when it does not exist. */
export async function mayUseStation(db: Db, u: User, stationId: number): Promise<boolean> {
  const station = await db.select(stationColumns).from(stations).where(eq(stations.id, stationId)).get();
  if (!station) return false;
  return stationVerdict(factsOf(u), { ...station }, await familyOf(db, u.companyId)) === null;
}

/**
 * Stations the user may charge at, for the picker: the non-public stations of the companies the
 * user may charge at, and (with the public permission) public stations matching the keyword; at
 * most 100, by name.
 */
export async function usableStations(db: Db, u: User, keyword?: string): Promise<StationRow[]> {
  const family = await familyOf(db, u.companyId);
  const facts = factsOf(u);
  const kw = keyword ? `%${keyword.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
  const match = kw
    ? or(
        sql`${stations.name} LIKE ${kw} ESCAPE '\\'`,
        sql`${stations.uid} LIKE ${kw} ESCAPE '\\'`,
        like(stations.city, kw),
      )
    : undefined;
  const fam = JSON.stringify(family);
  const own = sql`(${stations.companyId} IN (SELECT value FROM json_each(${fam})) OR ${stations.ownerCompanyId} IN (SELECT value FROM json_each(${fam})))`;
  const candidates = or(
    and(sql`${stations.type} <> 'public'`, own),
    facts.canChargePublic && !facts.onlyPrivate ? eq(stations.type, 'public') : undefined,
  );
  const rows = await db
    .select(stationColumns)
    .from(stations)
    .where(and(candidates, match))
    .orderBy(stations.name)
    .limit(300);
  return rows.filter((s) => stationVerdict(facts, s, family) === null).slice(0, 100);
}

/** The user's personal-data row (undefined before the first change) and the name of their chosen station. */
export async function personalDataOf(db: Db, userId: number) {
  const row = await db
    .select({ data: userPersonalData, stationName: stations.name })
    .from(userPersonalData)
    .leftJoin(stations, eq(stations.id, userPersonalData.stationId))
    .where(eq(userPersonalData.userId, userId))
    .get();
  return { data: row?.data, stationName: row?.stationName ?? null };
}

/** The user by id, unscoped: for the caller themself only (the /my-data routes compare the ids first). */
export function userById(db: Db, userId: number) {
  return db.select().from(users).where(eq(users.id, userId)).get();
}

export interface IbanColumns {
  ibanSealed: string | null;
  ibanCountry: string | null;
  ibanLast4: string | null;
}

/** Writes the changes, the IBAN columns (when it changes) and the audit row together; answers the fresh user. */
export async function writePersonalData(
  db: Db,
  u: User,
  changes: PersonalDataChanges,
  iban: IbanColumns | undefined,
  audit: AuditEntry,
): Promise<User> {
  const now = new Date();
  const dataSet = { ...changes.data, ...(iban ?? {}) };
  const stmts = [
    db
      .insert(userPersonalData)
      .values({ userId: u.id, ...dataSet, updatedAt: now })
      .onConflictDoUpdate({ target: userPersonalData.userId, set: { ...dataSet, updatedAt: now } }),
    auditInsert(db, audit),
  ] as const;
  if (Object.keys(changes.user).length > 0) {
    await db.batch([
      db
        .update(users)
        .set({ ...changes.user, updatedAt: now })
        .where(eq(users.id, u.id)),
      ...stmts,
    ]);
  } else {
    await db.batch([...stmts]);
  }
  return (await userById(db, u.id)) ?? u;
}
