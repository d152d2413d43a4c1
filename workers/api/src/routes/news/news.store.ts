/**
 * @module News reads and writes (issue 20 part 8): the only file of the resource that touches the
 * database. The feed is the reader's own company's; management is the caller's company scope. Each
 * change is written in one batch with its audit row.
 */
import type { Db } from '@db/db';
import { auditLog, companies, news, newsReads, users } from '@db/schema';
import type { NewsAudience } from '@domain/news/news';
import { and, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../lib/audit.store';
import { auditInsert } from '../../lib/audit.store';

export type NewsRow = typeof news.$inferSelect;

/** Who reads: the user, their own company and the audiences their roles put them in. */
export interface Reader {
  userId: number;
  companyId: number;
  audiences: NewsAudience[];
}

/** The reader's feed at `now`: their company's live items for their audiences, published and not expired. */
function inFeed(reader: Reader, now: Date): SQL | undefined {
  return and(
    eq(news.companyId, reader.companyId),
    isNull(news.deletedAt),
    inArray(news.audience, reader.audiences),
    lte(news.publishedAt, now),
    or(isNull(news.expiresAt), gt(news.expiresAt, now)),
  );
}

const readBy = (userId: number) =>
  sql<number>`exists (SELECT 1 FROM ${newsReads} WHERE ${newsReads.newsId} = ${news.id} AND ${newsReads.userId} = ${userId})`;

/** Unread items of the feed: one indexed count, cheap enough for every page's /me. */
export async function unreadCount(db: Db, reader: Reader, now = new Date()): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(news)
    .where(and(inFeed(reader, now), sql`not ${readBy(reader.userId)}`))
    .get();
  return row?.n ?? 0;
}

/** A page of the feed, newest first, each with whether the reader has read it; the total and unread count. */
export async function feedPage(db: Db, reader: Reader, page: number, size: number, now = new Date()) {
  const where = inFeed(reader, now);
  const [rows, totals] = await db.batch([
    db
      .select({ news, read: readBy(reader.userId).as('read') })
      .from(news)
      .where(where)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(size)
      .offset(page * size),
    db.select({ total: count() }).from(news).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ news: r.news, read: Boolean(r.read) })),
    total: totals[0]?.total ?? 0,
    unread: await unreadCount(db, reader, now),
  };
}

/** An item of the reader's feed; undefined for any other (another company's, expired, deleted…). */
export function feedItem(db: Db, reader: Reader, id: number, now = new Date()) {
  return db
    .select()
    .from(news)
    .where(and(eq(news.id, id), inFeed(reader, now)))
    .get();
}

/** Marks the item read once; marking again keeps the first reading. */
export async function markRead(db: Db, newsId: number, userId: number): Promise<void> {
  await db.insert(newsReads).values({ newsId, userId }).onConflictDoNothing();
}

/** Items with their company's name, their author's e-mail and how many have read them. */
function managedRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      news,
      companyName:
        sql<string>`(SELECT ${companies.name} FROM ${companies} WHERE ${companies.id} = ${news.companyId})`.as(
          'company_name',
        ),
      creatorEmail: sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${news.createdBy})`.as(
        'creator_email',
      ),
      reads: sql<number>`(SELECT count(*) FROM ${newsReads} WHERE ${newsReads.newsId} = ${news.id})`.as('reads'),
    })
    .from(news)
    .where(where);
}

export type ManagedRow = Awaited<ReturnType<typeof managedRows>>[number];

const managed = (scope: number[]) => and(inArray(news.companyId, scope), isNull(news.deletedAt));

/** A page of the scope's live items (scheduled and expired included), newest first, matching `q`. */
export async function listManaged(db: Db, scope: number[], q: string | undefined, page: number, size: number) {
  const match = q
    ? or(
        sql`instr(lower(${news.title}), ${q.toLowerCase()}) > 0`,
        sql`instr(lower(${news.body}), ${q.toLowerCase()}) > 0`,
      )
    : undefined;
  const where = and(managed(scope), match);
  const [rows, totals] = await db.batch([
    managedRows(db, where)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(size)
      .offset(page * size),
    db.select({ total: count() }).from(news).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A live item of the scope; undefined for an unknown, deleted or other company's item. */
export async function scopedManaged(db: Db, scope: number[], id: number): Promise<ManagedRow | undefined> {
  const [row] = await managedRows(db, and(eq(news.id, id), managed(scope)));
  return row;
}

/** Inserts the item and its audit row (naming the new id) in one batch; answers the new id. */
export async function insertNews(db: Db, values: typeof news.$inferInsert, audit: AuditEntry): Promise<number> {
  const [[row]] = await db.batch([
    db.insert(news).values(values).returning({ id: news.id }),
    db.insert(auditLog).values({
      action: audit.action,
      actorUserId: audit.actorUserId ?? null,
      companyId: audit.companyId ?? null,
      entity: 'news',
      entityId: sql`CAST(last_insert_rowid() AS TEXT)`,
      detailJson: audit.detail ? JSON.stringify(audit.detail) : null,
      ip: audit.ip ?? null,
    }),
  ]);
  if (!row) throw new Error('news insert returned nothing');
  return row.id;
}

/** Changes (or soft-deletes) a live item of the scope with its audit row; false when it is no longer live. */
export async function changeNews(
  db: Db,
  scope: number[],
  id: number,
  set: Partial<typeof news.$inferInsert>,
  audit: AuditEntry,
): Promise<boolean> {
  const [changed] = await db.batch([
    db
      .update(news)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(news.id, id), managed(scope)))
      .returning({ id: news.id }),
    auditInsert(db, audit),
  ]);
  return changed.length === 1;
}
