/** @module Reads and writes of home stations, always for one employee the caller may reach (their company id with it). */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { homeStations, reimbursementDocuments, stations, users } from '@db/schema';
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { HomeStationRow } from './home-stations.schemas';

export interface Employee {
  id: number;
  companyId: number;
  status: 'active' | 'deleted';
}

const employeeColumns = { id: users.id, companyId: users.companyId, status: users.status };

/** The user when it belongs to a company of `scope`, else null. */
export async function employeeInScope(db: Db, scope: readonly number[], userId: number): Promise<Employee | null> {
  const row = await db
    .select(employeeColumns)
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.companyId, [...scope])))
    .get();
  return row ?? null;
}

/** The caller's own user row. */
export async function employeeById(db: Db, userId: number): Promise<Employee | null> {
  return (await db.select(employeeColumns).from(users).where(eq(users.id, userId)).get()) ?? null;
}

const columns = {
  row: homeStations,
  uid: stations.uid,
  stationName: stations.name,
  connected: stations.connected,
};

type Joined = {
  row: typeof homeStations.$inferSelect;
  uid: string | null;
  stationName: string | null;
  connected: boolean | null;
};
const toRow = (r: Joined): HomeStationRow => ({
  ...r.row,
  station: r.uid === null ? null : { uid: r.uid, name: r.stationName ?? '', connected: r.connected ?? false },
});

const live = (e: Employee) =>
  and(eq(homeStations.userId, e.id), eq(homeStations.companyId, e.companyId), isNull(homeStations.deletedAt));

/** The employee's live home stations, oldest first; `offline` narrows to offline (true) or online (false) ones. */
export async function homeStationsOf(db: Db, e: Employee, offline?: boolean): Promise<HomeStationRow[]> {
  const rows = await db
    .select(columns)
    .from(homeStations)
    .leftJoin(stations, eq(stations.id, homeStations.stationId))
    .where(and(live(e), offline === undefined ? undefined : eq(homeStations.isOffline, offline)))
    .orderBy(asc(homeStations.id));
  return rows.map(toRow);
}

/** One live home station of the employee, or null. */
export async function homeStationOf(db: Db, e: Employee, id: number): Promise<HomeStationRow | null> {
  const row = await db
    .select(columns)
    .from(homeStations)
    .leftJoin(stations, eq(stations.id, homeStations.stationId))
    .where(and(eq(homeStations.id, id), live(e)))
    .get();
  return row ? toRow(row) : null;
}

/**
 * The station of our network an employee may declare as their home station: in the caller's scope, or
 * owned by the employee's company; with whether a live home station already holds it.
 */
export async function linkableStation(db: Db, scope: number[], e: Employee, uid: string) {
  const station = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.uid, uid), or(stationInScope(scope), eq(stations.ownerCompanyId, e.companyId))))
    .get();
  if (!station) return null;
  const holder = await db
    .select({ id: homeStations.id })
    .from(homeStations)
    .where(and(eq(homeStations.stationId, station.id), isNull(homeStations.deletedAt)))
    .get();
  return { id: station.id, taken: holder !== undefined };
}

export interface NewHomeStation {
  name: string;
  stationId: number | null;
  isOffline: boolean;
  meterSerial: string | null;
}

/** Inserts the home station and its audit row in one batch; a station taken meanwhile throws the unique index's error. */
export async function insertHomeStation(db: Db, e: Employee, values: NewHomeStation, audit: AuditEntry) {
  const [inserted] = await db.batch([
    db
      .insert(homeStations)
      .values({ ...values, userId: e.id, companyId: e.companyId })
      .returning({ id: homeStations.id }),
    auditInsert(db, audit),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error('home station insert returned no id');
  return id;
}

export type HomeStationChange = Partial<Pick<typeof homeStations.$inferInsert, 'name' | 'isOffline' | 'meterSerial'>>;

export async function updateHomeStation(db: Db, e: Employee, id: number, change: HomeStationChange, audit: AuditEntry) {
  await db.batch([
    db
      .update(homeStations)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(homeStations.id, id), live(e))),
    auditInsert(db, audit),
  ]);
}

/** Soft delete: the row stays for the statements that name it; the partial unique index frees its station. */
export async function deleteHomeStation(db: Db, e: Employee, id: number, audit: AuditEntry) {
  const now = new Date();
  await db.batch([
    db
      .update(homeStations)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(homeStations.id, id), live(e))),
    auditInsert(db, audit),
  ]);
}

/** The statements the monthly job wrote for this home station, newest month first. */
export function statementsOf(db: Db, e: Employee, homeStationId: number) {
  return db
    .select()
    .from(reimbursementDocuments)
    .where(
      and(
        eq(reimbursementDocuments.userId, e.id),
        eq(reimbursementDocuments.companyId, e.companyId),
        eq(reimbursementDocuments.homeStationId, homeStationId),
        eq(reimbursementDocuments.type, 'statement'),
        isNull(reimbursementDocuments.deletedAt),
      ),
    )
    .orderBy(desc(reimbursementDocuments.period), desc(reimbursementDocuments.id));
}
