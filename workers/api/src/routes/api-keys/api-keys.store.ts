/** @module API key reads and writes (ADR 047): always in the caller's company scope; each change written with its audit row. */
import type { Db } from '@db/db';
import { apiKeys, apiKeyUsage, auditLog, companies, users } from '@db/schema';
import { epochMinute } from '@domain/api-keys/api-keys';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../lib/audit.store';

const DAY_MS = 86_400_000;
/** Requests of the key since epoch minute `from`. */
const requestsSince = (from: number, name: string) =>
  sql<number>`coalesce((SELECT SUM(${apiKeyUsage.count}) FROM ${apiKeyUsage} WHERE ${apiKeyUsage.keyId} = ${apiKeys.id} AND ${apiKeyUsage.minute} >= ${from}), 0)`.as(
    name,
  );

/** The e-mail of the user in `column`, as a scalar subquery: D1 batches key rows by column name, so no joins of same-named columns. */
const emailOf = (column: typeof apiKeys.createdBy | typeof apiKeys.revokedBy, name: string) =>
  sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${column})`.as(name);

/** Keys with their company, creator, revoker and usage today (UTC) and over the last seven days. */
function keyRows(db: Db, where: SQL | undefined, now: number) {
  return db
    .select({
      key: apiKeys,
      companyName:
        sql<string>`(SELECT ${companies.name} FROM ${companies} WHERE ${companies.id} = ${apiKeys.companyId})`.as(
          'company_name',
        ),
      creatorEmail: emailOf(apiKeys.createdBy, 'creator_email'),
      revokerEmail: emailOf(apiKeys.revokedBy, 'revoker_email'),
      requestsToday: requestsSince(epochMinute(now - (now % DAY_MS)), 'requests_today'),
      requestsWeek: requestsSince(epochMinute(now - 7 * DAY_MS), 'requests_week'),
    })
    .from(apiKeys)
    .where(where)
    .orderBy(desc(apiKeys.id));
}

export type KeyRow = Awaited<ReturnType<typeof keyRows>>[number];

/** A page of the keys of the scope, newest first, revoked ones included, and the total. */
export async function listKeys(db: Db, scope: number[], page: number, size: number, now = Date.now()) {
  const inScope = inArray(apiKeys.companyId, scope);
  const [rows, totals] = await db.batch([
    keyRows(db, inScope, now)
      .limit(size)
      .offset(page * size),
    db.select({ total: count() }).from(apiKeys).where(inScope),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One key of the scope (revoked or not); undefined for an unknown id or another company's key. */
export async function scopedKey(db: Db, scope: number[], id: number, now = Date.now()): Promise<KeyRow | undefined> {
  const [row] = await keyRows(db, and(eq(apiKeys.id, id), inArray(apiKeys.companyId, scope)), now);
  return row;
}

const auditValues = (audit: AuditEntry) => ({
  action: audit.action,
  actorUserId: audit.actorUserId ?? null,
  companyId: audit.companyId ?? null,
  entity: 'api_key',
  detailJson: audit.detail ? JSON.stringify(audit.detail) : null,
  ip: audit.ip ?? null,
});

/** Inserts the key and its audit row (naming the new id) in one batch; answers the new id. */
export async function insertKey(db: Db, key: typeof apiKeys.$inferInsert, audit: AuditEntry): Promise<number> {
  const [inserted] = await db.batch([
    db.insert(apiKeys).values(key).returning({ id: apiKeys.id }),
    db.insert(auditLog).values({ ...auditValues(audit), entityId: sql`CAST(last_insert_rowid() AS TEXT)` }),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error('API key insert returned no id');
  return id;
}

/** The audit row, inserted only when the update just before it in the batch changed the key. */
function auditIfChanged(db: Db, audit: AuditEntry, id: number) {
  const v = auditValues(audit);
  return db.insert(auditLog).select(
    db
      .select({
        // Every column in the table's order (insert … select); null id: the next one.
        id: sql<number>`null`.as('id'),
        at: sql<Date>`unixepoch('subsec') * 1000`.as('created_at'),
        actorUserId: sql<number | null>`${v.actorUserId}`.as('actor_user_id'),
        companyId: sql<number | null>`${v.companyId}`.as('company_id'),
        action: sql<string>`${v.action}`.as('action'),
        entity: sql<string>`${v.entity}`.as('entity'),
        entityId: sql<string>`${String(id)}`.as('entity_id'),
        detailJson: sql<string | null>`${v.detailJson}`.as('detail_json'),
        ip: sql<string | null>`${v.ip}`.as('ip'),
      })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), sql`changes() = 1`)),
  );
}

/**
 * Changes a live key of the scope (rotation: a new secret hash; revocation: revoked at/by) with its
 * audit row; false when the key is unknown, of another company, or already revoked.
 */
export async function changeLiveKey(
  db: Db,
  scope: number[],
  id: number,
  set: Partial<typeof apiKeys.$inferInsert>,
  audit: AuditEntry,
): Promise<boolean> {
  const [changed] = await db.batch([
    db
      .update(apiKeys)
      .set(set)
      .where(and(eq(apiKeys.id, id), inArray(apiKeys.companyId, scope), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id }),
    auditIfChanged(db, audit, id),
  ]);
  return changed.length === 1;
}
