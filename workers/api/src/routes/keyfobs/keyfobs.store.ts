/** @module Key hanger reads, always limited to the caller's company scope. */
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../../../drizzle/db';
import { rfids, users } from '../../../../../drizzle/schema';

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
  status?: (typeof rfids.$inferSelect)['status'];
  user?: number;
  page: number;
  items_per_page: number;
}

const contains = (column: SQL | AnySQLiteColumn, keyword: string) =>
  sql`instr(lower(coalesce(${column}, '')), ${keyword.toLowerCase()}) > 0`;

export async function listRfids(db: Db, scope: number[], f: ListFilters) {
  const conditions: SQL[] = [inArray(rfids.companyId, scope)];
  if (f.status) conditions.push(eq(rfids.status, f.status));
  if (f.user) conditions.push(eq(rfids.userId, f.user));
  if (f.keyword) {
    const k = f.keyword;
    const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    const match = or(
      contains(rfids.keyHangerCode, k),
      contains(rfids.uuid, k),
      contains(users.email, k),
      contains(name, k),
    );
    if (match) conditions.push(match);
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

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A visual code for a card created from its UUID alone; unambiguous characters only. */
export function generateCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `KH-${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}
