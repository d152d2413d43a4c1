/**
 * @module The only file of moving and hiding stations that touches the database; every read within
 * the caller's company tree, every change written with its audit rows in one batch.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { stationInScope } from '@db/queries/stations.store';
import { companies, customerServiceLogs, stations } from '@db/schema';
import { and, asc, count, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { StationListQuery } from './move.schemas';

const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A company that operates stations: a CPMS, a sub-CPO or a lifestyle operator. */
const operates = or(sql`${companies.cpms} IS NOT NULL`, eq(companies.isSubcpo, true), eq(companies.isLifestyle, true));

async function stationPage(db: Db, where: SQL | undefined, q: StationListQuery) {
  const conditions = [where];
  if (q.keyword) {
    const p = contains(q.keyword);
    conditions.push(or(like(stations.uid, p), like(stations.name, p), like(stations.city, p)));
  }
  const filter = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stations.id,
        uid: stations.uid,
        name: stations.name,
        city: stations.city,
        companyId: stations.companyId,
        companyName: companies.name,
        offline: stations.offline,
        commissioningStatus: stations.commissioningStatus,
      })
      .from(stations)
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(filter)
      .orderBy(asc(stations.name), asc(stations.id))
      .limit(q.items_per_page)
      .offset(q.page * q.items_per_page),
    db.select({ n: count() }).from(stations).where(filter),
  ]);
  return { data: rows, total: total?.n ?? 0, page: q.page, items_per_page: q.items_per_page };
}

/** Stations operated by a company of the tree (the ones that can be moved), a page of them. */
export function movableStations(db: Db, scope: number[], q: StationListQuery) {
  return stationPage(db, inCompanies(stations.companyId, scope), q);
}

/** Hidden stations the tree operates or owns, a page of them. */
export function hiddenStations(db: Db, scope: number[], q: StationListQuery) {
  return stationPage(db, and(stationInScope(scope), eq(stations.hidden, true)), q);
}

/** The operator companies of the tree that are open (a closed one takes no station, ADR 050), by name. */
export function moveTargets(db: Db, scope: number[]) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(inCompanies(companies.id, scope), operates, eq(companies.isClosed, false)))
    .orderBy(asc(companies.name));
}

/** The target company when it is an operator of the tree, else undefined. */
export function operatorInScope(db: Db, scope: number[], companyId: number) {
  return db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), inCompanies(companies.id, scope), operates))
    .get();
}

/** The stations with these ids that a company of the tree operates (an owner cannot move its operator's station). */
export function operatedStations(db: Db, scope: number[], ids: number[]) {
  return db
    .select({ id: stations.id, uid: stations.uid, companyId: stations.companyId })
    .from(stations)
    .where(and(inCompanies(stations.id, ids), inCompanies(stations.companyId, scope)));
}

/**
 * The move, with an audit row and a customer-service-log entry per station, in one batch. Company
 * groups (tags) belong to the old company: they do not follow the station.
 */
export async function moveStations(
  db: Db,
  moving: { id: number; companyId: number }[],
  targetId: number,
  actor: { userId: number; ip: string | null },
): Promise<void> {
  const now = new Date();
  await db.batch([
    db
      .update(stations)
      .set({ companyId: targetId, group1Id: null, group2Id: null, group3Id: null, group4Id: null, updatedAt: now })
      .where(
        inCompanies(
          stations.id,
          moving.map((s) => s.id),
        ),
      ),
    ...moving.flatMap((s) => [
      auditInsert(db, {
        action: 'station.move',
        actorUserId: actor.userId,
        companyId: targetId,
        entity: 'station',
        entityId: s.id,
        detail: { fromCompanyId: s.companyId, toCompanyId: targetId },
        ip: actor.ip,
      }),
      db.insert(customerServiceLogs).values({
        companyId: targetId,
        stationId: s.id,
        userId: actor.userId,
        action: 'StationMoved',
        detailJson: JSON.stringify({ request: { fromCompanyId: s.companyId, toCompanyId: targetId } }),
        result: 'success',
      }),
    ]),
  ]);
}

/** The stations with these uids that the tree operates or owns, with their hidden flag. */
export function stationsByUids(db: Db, scope: number[], uids: string[]) {
  return db
    .select({ id: stations.id, uid: stations.uid, companyId: stations.companyId, hidden: stations.hidden })
    .from(stations)
    .where(and(sql`${stations.uid} IN (SELECT value FROM json_each(${JSON.stringify(uids)}))`, stationInScope(scope)));
}

/** Sets the hidden flag of these stations, with their audit rows, in one batch. */
export async function setHidden(db: Db, ids: number[], hidden: boolean, audits: AuditEntry[]): Promise<void> {
  await db.batch([
    db.update(stations).set({ hidden, updatedAt: new Date() }).where(inCompanies(stations.id, ids)),
    ...audits.map((a) => auditInsert(db, a)),
  ]);
}
