/** @module Key hanger reads and writes: the only file of the resource that touches the database, always in the caller's company scope. */

import type { Db } from '@db/db';
import { decideAuthorization } from '@db/queries/authorization.store';
import { rfids, stations, users } from '@db/schema';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AuditEntry } from '../../lib/audit.store';
import { auditInsert } from '../../lib/audit.store';

type Rfid = typeof rfids.$inferSelect;

/** A card of the scope, with its user; null for a card of another company, so it reads as unknown. */
export function scopedRfid(db: Db, scope: number[], id: number) {
  return db
    .select({ rfid: rfids, user: users })
    .from(rfids)
    .leftJoin(users, eq(users.id, rfids.userId))
    .where(and(eq(rfids.id, id), inArray(rfids.companyId, scope)))
    .get();
}

export function scopedRfidByUuid(db: Db, scope: number[], uuid: string) {
  return db
    .select({ rfid: rfids, user: users })
    .from(rfids)
    .leftJoin(users, eq(users.id, rfids.userId))
    .where(and(eq(rfids.uuid, uuid), inArray(rfids.companyId, scope)))
    .get();
}

export interface ListFilters {
  keyword?: string;
  status?: Rfid['status'] | 'expired';
  user?: number;
  assigned?: boolean;
  page: number;
  items_per_page: number;
}

const contains = (column: SQL | AnySQLiteColumn, keyword: string) =>
  sql`instr(lower(coalesce(${column}, '')), ${keyword.toLowerCase()}) > 0`;

function statusCondition(status: NonNullable<ListFilters['status']>, now: Date): SQL | undefined {
  if (status === 'expired') return and(eq(rfids.status, 'active'), lte(rfids.expiresAt, now));
  if (status === 'active')
    return and(eq(rfids.status, 'active'), or(isNull(rfids.expiresAt), gt(rfids.expiresAt, now)));
  return eq(rfids.status, status);
}

export async function listRfids(db: Db, scope: number[], f: ListFilters, now = new Date()) {
  const conditions: (SQL | undefined)[] = [inArray(rfids.companyId, scope)];
  if (f.status) conditions.push(statusCondition(f.status, now));
  if (f.user) conditions.push(eq(rfids.userId, f.user));
  if (f.assigned !== undefined) conditions.push(f.assigned ? isNotNull(rfids.userId) : isNull(rfids.userId));
  if (f.keyword) {
    const k = f.keyword;
    const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(
        contains(rfids.keyHangerCode, k),
        contains(rfids.uuid, k),
        contains(rfids.parentIdTag, k),
        contains(users.email, k),
        contains(name, k),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select({ rfid: rfids, user: users })
      .from(rfids)
      .leftJoin(users, eq(users.id, rfids.userId))
      .where(where)
      .orderBy(desc(rfids.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(rfids).leftJoin(users, eq(users.id, rfids.userId)).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** An active user of the scope, the only kind a card may be assigned to. */
export function scopedActiveUser(db: Db, scope: number[], userId: number) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.companyId, scope), eq(users.status, 'active')))
    .get();
}

/** The assign picker: active users of the scope matching a keyword (e-mail or name), 20 at most. */
export function searchActiveUsers(db: Db, scope: number[], keyword: string | undefined) {
  const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  return db
    .select({ id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(
      and(
        inArray(users.companyId, scope),
        eq(users.status, 'active'),
        keyword ? or(contains(users.email, keyword), contains(name, keyword)) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(20);
}

/**
 * Stations a card of the scope may be checked at: those the scope operates or owns, and every
 * public station that is not hidden (a fleet's drivers charge at other operators' public stations).
 */
function checkableStation(scope: number[]) {
  return or(
    inArray(stations.companyId, scope),
    inArray(stations.ownerCompanyId, scope),
    and(eq(stations.type, 'public'), eq(stations.hidden, false)),
  );
}

const stationOption = {
  id: stations.id,
  uid: stations.uid,
  name: stations.name,
  city: stations.city,
  type: stations.type,
};

/** The check page's station picker: uid, name or city matching a keyword, 20 at most. */
export function searchCheckableStations(db: Db, scope: number[], keyword: string | undefined) {
  return db
    .select(stationOption)
    .from(stations)
    .where(
      and(
        checkableStation(scope),
        keyword
          ? or(contains(stations.uid, keyword), contains(stations.name, keyword), contains(stations.city, keyword))
          : undefined,
      ),
    )
    .orderBy(asc(stations.name))
    .limit(20);
}

export function checkableStationById(db: Db, scope: number[], id: number) {
  return db
    .select(stationOption)
    .from(stations)
    .where(and(eq(stations.id, id), checkableStation(scope)))
    .get();
}

/** What OCPP Authorize would answer for the card at the station now: the charge point's own decision. */
export function authorizationAt(db: Db, uuid: string, stationId: number, at: Date) {
  return decideAuthorization(db, { idTag: uuid, stationId, at });
}

/** Whether any card of any company holds this UUID: it is the idTag, unique platform-wide. */
export async function uuidTaken(db: Db, uuid: string) {
  return (await db.select({ id: rfids.id }).from(rfids).where(eq(rfids.uuid, uuid)).get()) !== undefined;
}

/** Inserts a card and its audit row; the unique index on the UUID decides a race (it throws UNIQUE). */
export async function insertRfid(db: Db, values: typeof rfids.$inferInsert, audit: Omit<AuditEntry, 'entityId'>) {
  const [row] = await db.insert(rfids).values(values).returning();
  if (!row) throw new Error('rfid insert returned nothing');
  await auditInsert(db, { ...audit, entityId: row.id });
  return row;
}

/** Only while still active: a block racing a change must win, since it is irreversible. */
const stillActive = (id: number) => and(eq(rfids.id, id), eq(rfids.status, 'active'));

/** Applies a change to an active card, unassigned or already this user's; undefined when that no longer holds. */
export async function updateRfid(
  db: Db,
  id: number,
  changes: Partial<Rfid>,
  keepUserId: number | null,
  audit: AuditEntry,
) {
  const [[updated]] = await db.batch([
    db
      .update(rfids)
      .set(changes)
      // Still unassigned (or assigned to this user): two managers assigning at once cannot both win.
      .where(and(stillActive(id), or(isNull(rfids.userId), eq(rfids.userId, changes.userId ?? keepUserId ?? -1))))
      .returning(),
    auditInsert(db, audit),
  ]);
  return updated;
}

/** Blocks (irreversible); undefined when the card was no longer active. */
export async function blockRfid(db: Db, id: number, audit: AuditEntry) {
  const [[updated]] = await db.batch([
    db.update(rfids).set({ status: 'blocked', blockedAt: new Date() }).where(stillActive(id)).returning(),
    auditInsert(db, audit),
  ]);
  return updated;
}

/** Unlinks from its user (irreversible); undefined when the card was no longer active. */
export async function unlinkRfid(db: Db, id: number, audit: AuditEntry) {
  const [[updated]] = await db.batch([
    db
      .update(rfids)
      .set({ status: 'unlinked', unlinkedAt: new Date(), userId: null })
      .where(stillActive(id))
      .returning(),
    auditInsert(db, audit),
  ]);
  return updated;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A visual code for a card created from its UUID alone; unambiguous characters only. */
export function generateCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `KH-${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}
