/**
 * @module Bulk membership changes of a connector group: the ids of a selection, or every connector a
 * connector-list filter matches in the caller's scope (the list's own `connectorWhere`, so "all
 * matching rows" means exactly what the list shows). Ids are read and written in bounded chunks, each
 * bound as one JSON value (D1 allows 100 bound parameters), and every write goes in one `db.batch`.
 */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations';
import { connectorGroupBulkJobs, connectorGroups, connectors, stations } from '@db/schema';
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditInsert } from '../../lib/audit';
import { connectorWhere } from '../connectors/connectors.list';
import type { BulkFilter } from './groups.schemas';
import { addMembers, inIds, membersAmong, removeMembers } from './groups.store';

/** Ids read per query and written per statement. */
export const BULK_CHUNK = 1000;

const chunks = <T>(items: readonly T[], size = BULK_CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** How many connectors the filter matches in the scope (the list's total). */
export async function countMatching(db: Db, scope: number[], filter: z.output<typeof BulkFilter>) {
  const row = await db
    .select({ n: count() })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(connectorWhere(scope, filter))
    .get();
  return row?.n ?? 0;
}

/** The ids the filter matches, read in id order one chunk at a time (keyset, not OFFSET). */
export async function matchingIds(db: Db, scope: number[], filter: z.output<typeof BulkFilter>) {
  const condition = connectorWhere(scope, filter);
  const ids: number[] = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: connectors.id })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(and(condition, gt(connectors.id, after)))
      .orderBy(asc(connectors.id))
      .limit(BULK_CHUNK);
    for (const r of rows) ids.push(r.id);
    if (rows.length < BULK_CHUNK) return ids;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** The group's current members among `ids` (one chunk per query). */
async function membersOf(db: Db, groupId: number, ids: readonly number[]) {
  const members = new Set<number>();
  for (const part of chunks(ids)) for (const id of await membersAmong(db, groupId, part)) members.add(id);
  return members;
}

/**
 * Adds or removes `ids` (connectors of the scope, already checked) and records one audit row; all
 * statements in one batch, so a failure changes nothing. Answers the counts the list's banner shows.
 */
export async function applyBulk(
  db: Db,
  group: { id: number; companyId: number },
  action: 'add' | 'remove',
  ids: readonly number[],
  actorUserId: number,
  byFilter: boolean,
  job?: { id: number; chunk: number },
) {
  const unique = [...new Set(ids)];
  const members = await membersOf(db, group.id, unique);
  const changing = action === 'add' ? unique.filter((id) => !members.has(id)) : [...members];
  if (changing.length > 0) {
    const writes = chunks(changing).map((part) =>
      action === 'add' ? addMembers(db, group.id, part) : removeMembers(db, group.id, part),
    );
    await db.batch([
      db.update(connectorGroups).set({ updatedAt: new Date() }).where(eq(connectorGroups.id, group.id)),
      auditInsert(db, {
        action: action === 'add' ? 'connector-group.add' : 'connector-group.remove',
        actorUserId,
        companyId: group.companyId,
        entity: 'connector_group',
        entityId: group.id,
        detail: {
          [action === 'add' ? 'added' : 'removed']: changing.length,
          requested: unique.length,
          ...(byFilter ? { byFilter: true } : {}),
          ...(job ? { job: job.id, chunk: job.chunk } : {}),
        },
      }),
      ...writes,
    ]);
  }
  return {
    requested: unique.length,
    added: action === 'add' ? changing.length : 0,
    already_members: action === 'add' ? members.size : 0,
    removed: action === 'remove' ? changing.length : 0,
    not_members: action === 'remove' ? unique.length - members.size : 0,
  };
}

/** A job's ids are kept this long; its chunks answer 404 afterwards. */
export const BULK_JOB_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Records the ids a bulk change covers (resolved once, so every chunk works on the same set) and
 * deletes jobs older than the TTL. Answers the job's id.
 */
export async function createJob(
  db: Db,
  group: { id: number; companyId: number },
  userId: number,
  action: 'add' | 'remove',
  ids: readonly number[],
  byFilter: boolean,
) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const [, created] = await db.batch([
    db
      .delete(connectorGroupBulkJobs)
      .where(lt(connectorGroupBulkJobs.createdAt, new Date(Date.now() - BULK_JOB_TTL_MS))),
    db
      .insert(connectorGroupBulkJobs)
      .values({
        groupId: group.id,
        companyId: group.companyId,
        userId,
        action,
        connectorIds: JSON.stringify(unique),
        total: unique.length,
        byFilter,
      })
      .returning({ id: connectorGroupBulkJobs.id }),
  ]);
  const id = created[0]?.id;
  if (id === undefined) throw new Error('bulk job not created');
  return { id, total: unique.length };
}

/** The caller's own unexpired job of this group. */
export async function findJob(db: Db, groupId: number, userId: number, jobId: number) {
  return db
    .select({
      id: connectorGroupBulkJobs.id,
      action: connectorGroupBulkJobs.action,
      total: connectorGroupBulkJobs.total,
      byFilter: connectorGroupBulkJobs.byFilter,
      createdAt: connectorGroupBulkJobs.createdAt,
    })
    .from(connectorGroupBulkJobs)
    .where(
      and(
        eq(connectorGroupBulkJobs.id, jobId),
        eq(connectorGroupBulkJobs.groupId, groupId),
        eq(connectorGroupBulkJobs.userId, userId),
        gt(connectorGroupBulkJobs.createdAt, new Date(Date.now() - BULK_JOB_TTL_MS)),
      ),
    )
    .get();
}

/** The ids of chunk `index` (0-based), read from the stored JSON in SQL (only the slice leaves D1). */
async function chunkIds(db: Db, jobId: number, index: number) {
  const rows = await db.all<{ id: number }>(
    sql`SELECT j.value AS id FROM ${connectorGroupBulkJobs}, json_each(${connectorGroupBulkJobs.connectorIds}) j
        WHERE ${connectorGroupBulkJobs.id} = ${jobId} ORDER BY j.key LIMIT ${BULK_CHUNK} OFFSET ${index * BULK_CHUNK}`,
  );
  return rows.map((r) => Number(r.id));
}

/** Which of `ids` are connectors of the scope now (a connector deleted or moved away since is skipped). */
async function inScopeNow(db: Db, scope: number[], ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: connectors.id })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(inIds(connectors.id, ids), stationInScope(scope)));
  return rows.map((r) => r.id);
}

/**
 * Applies chunk `index` of a job: idempotent (running it again counts the connectors as already
 * members, or as not members), all of its writes in one batch. Connectors no longer in the caller's
 * scope are left alone and counted as `skipped`.
 */
export async function applyJobChunk(
  db: Db,
  scope: number[],
  group: { id: number; companyId: number },
  job: { id: number; action: 'add' | 'remove'; byFilter: boolean },
  index: number,
  actorUserId: number,
) {
  const ids = await chunkIds(db, job.id, index);
  const present = await inScopeNow(db, scope, ids);
  const counts = await applyBulk(db, group, job.action, present, actorUserId, job.byFilter, {
    id: job.id,
    chunk: index,
  });
  return { ...counts, requested: ids.length, skipped: ids.length - present.length };
}
