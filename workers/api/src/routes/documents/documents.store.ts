/**
 * @module Reimbursement document reads and writes: the only file of the resource that touches the
 * database. Every read takes a `Reach`: the companies in scope and, for an employee, their own user
 * id, so another company's or another employee's document reads as missing.
 */

import type { Db } from '@db/db';
import { companies, reimbursementDocuments as docs, homeStations, users } from '@db/schema';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AnySQLiteColumn, alias } from 'drizzle-orm/sqlite-core';
import { type AuditEntry, auditInsert } from '../../lib/audit.store';

/** Who a call may reach: the companies in scope, and only this user's rows when `ownUserId` is set. */
export interface Reach {
  scope: number[];
  ownUserId: number | null;
}

const reviewers = alias(users, 'reviewers');

function reachOf(reach: Reach): SQL | undefined {
  return and(
    inArray(docs.companyId, reach.scope),
    reach.ownUserId === null ? undefined : eq(docs.userId, reach.ownUserId),
  );
}

/** The user a document may be uploaded for (active, in reach), with their company's time zone. */
export function reachableUser(db: Db, reach: Reach, userId: number) {
  if (reach.ownUserId !== null && reach.ownUserId !== userId) return Promise.resolve(undefined);
  return db
    .select({ id: users.id, companyId: users.companyId, timeZone: companies.timeZone })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), inArray(users.companyId, reach.scope), eq(users.status, 'active')))
    .get();
}

/** A live home station of that user. */
export function homeStationOf(db: Db, userId: number, homeStationId: number) {
  return db
    .select({ id: homeStations.id })
    .from(homeStations)
    .where(and(eq(homeStations.id, homeStationId), eq(homeStations.userId, userId), isNull(homeStations.deletedAt)))
    .get();
}

export async function insertDocument(db: Db, row: typeof docs.$inferInsert, audit: AuditEntry) {
  const [inserted] = await db.batch([db.insert(docs).values(row).returning(), auditInsert(db, audit)]);
  return inserted[0];
}

const selection = { doc: docs, user: users, reviewer: reviewers };
const joined = (db: Db) =>
  db
    .select(selection)
    .from(docs)
    .innerJoin(users, eq(users.id, docs.userId))
    .leftJoin(reviewers, eq(reviewers.id, docs.reviewedBy));

/** A live document in reach; undefined otherwise. */
export function reachableDocument(db: Db, reach: Reach, documentId: number) {
  return joined(db)
    .where(and(eq(docs.id, documentId), isNull(docs.deletedAt), reachOf(reach)))
    .get();
}

export interface ListFilters {
  search_string?: string;
  type?: (typeof docs.$inferSelect)['type'];
  is_approved?: 'true' | 'false' | 'pending';
  user_id?: number;
  start_date?: string;
  end_date?: string;
  page: number;
  items_per_page: number;
}

const contains = (column: SQL | AnySQLiteColumn, keyword: string) =>
  sql`instr(lower(coalesce(${column}, '')), ${keyword.toLowerCase()}) > 0`;

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export async function listDocuments(db: Db, reach: Reach, f: ListFilters) {
  const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  const review =
    f.is_approved === 'pending'
      ? isNull(docs.approved)
      : f.is_approved
        ? and(isNotNull(docs.approved), eq(docs.approved, f.is_approved === 'true'))
        : undefined;
  const where = and(
    isNull(docs.deletedAt),
    reachOf(reach),
    f.type ? eq(docs.type, f.type) : undefined,
    review,
    f.user_id ? eq(docs.userId, f.user_id) : undefined,
    f.start_date ? gte(docs.createdAt, dayStart(f.start_date)) : undefined,
    f.end_date ? lt(docs.createdAt, nextDay(f.end_date)) : undefined,
    f.search_string
      ? or(
          contains(docs.fileName, f.search_string),
          contains(users.email, f.search_string),
          contains(name, f.search_string),
        )
      : undefined,
  );
  const [rows, total] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(desc(docs.createdAt), desc(docs.id))
      .limit(f.items_per_page)
      .offset(f.page * f.items_per_page),
    db.select({ n: count() }).from(docs).innerJoin(users, eq(users.id, docs.userId)).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Records the review; false when the document changed or went meanwhile. */
export async function reviewDocument(
  db: Db,
  documentId: number,
  review: { approved: boolean; reviewedBy: number; reviewedAt: Date },
  audit: AuditEntry,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(docs)
      .set(review)
      .where(and(eq(docs.id, documentId), isNull(docs.deletedAt)))
      .returning({ id: docs.id }),
    auditInsert(db, audit),
  ]);
  return updated.length === 1;
}

/**
 * Soft-deletes the row; `unapprovedOnly` (an employee) keeps an approved document, so an approval that
 * lands meanwhile wins. False when nothing was deleted.
 */
export async function softDeleteDocument(
  db: Db,
  documentId: number,
  unapprovedOnly: boolean,
  now: Date,
  audit: AuditEntry,
): Promise<boolean> {
  const deleted = await db
    .update(docs)
    .set({ deletedAt: now })
    .where(
      and(
        eq(docs.id, documentId),
        isNull(docs.deletedAt),
        unapprovedOnly ? sql`coalesce(${docs.approved}, 0) = 0` : undefined,
      ),
    )
    .returning({ id: docs.id });
  if (deleted.length !== 1) return false;
  await auditInsert(db, audit);
  return true;
}
