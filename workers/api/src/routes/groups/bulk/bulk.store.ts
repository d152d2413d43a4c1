/**
 * @module Bulk membership changes of a connector group: the ids of a selection, or every connector a
 * connector-list filter matches in the caller's scope (the list's own `connectorWhere`, so "all
 * matching rows" means exactly what the list shows), and the jobs that apply a large change chunk by
 * chunk. Ids are read and written in bounded chunks, each bound as one JSON value (D1 allows 100 bound
 * parameters), and every write goes in one `db.batch`.
 */

import { connectorWhere } from '@api/routes/connectors/list/list.store';
import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations.store';
import { connectorGroupBulkJobs, connectors, stations } from '@db/schema';
import type { BulkAction } from '@domain/groups/bulk-membership';
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addMembers, groupAudit, inIds, membersAmong, removeMembers, touchGroup } from '../groups.store';
import type { BulkFilter } from './bulk.schemas';

/** Ids read per query and written per statement; a job's chunk size. */
export const BULK_CHUNK = 1000;

/** A job's ids are kept this long; its chunks answer 404 afterwards. */
export const BULK_JOB_TTL_MS = 24 * 60 * 60 * 1000;

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
export async function membersOf(db: Db, groupId: number, ids: readonly number[]) {
  const members = new Set<number>();
  for (const part of chunks(ids)) for (const id of await membersAmong(db, groupId, part)) members.add(id);
  return members;
}

/**
 * Adds or removes `changing` (connectors of the scope, already checked) and records one audit row
 * with `detail`; all statements in one batch, so a failure changes nothing.
 */
export async function writeBulk(
  db: Db,
  group: { id: number; companyId: number },
  action: BulkAction,
  changing: readonly number[],
  actorUserId: number,
  detail: Record<string, unknown>,
) {
  const writes = chunks(changing).map((part) =>
    action === 'add' ? addMembers(db, group.id, part) : removeMembers(db, group.id, part),
  );
  await db.batch([
    touchGroup(db, group.id),
    groupAudit(db, action === 'add' ? 'connector-group.add' : 'connector-group.remove', actorUserId, group, detail),
    ...writes,
  ]);
}

/**
 * Records the ids a bulk change covers (resolved once, so every chunk works on the same set) and
 * deletes jobs older than the TTL. Answers the job's id.
 */
export async function createJob(
  db: Db,
  group: { id: number; companyId: number },
  userId: number,
  action: BulkAction,
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
export async function chunkIds(db: Db, jobId: number, index: number) {
  const rows = await db.all<{ id: number }>(
    sql`SELECT j.value AS id FROM ${connectorGroupBulkJobs}, json_each(${connectorGroupBulkJobs.connectorIds}) j
        WHERE ${connectorGroupBulkJobs.id} = ${jobId} ORDER BY j.key LIMIT ${BULK_CHUNK} OFFSET ${index * BULK_CHUNK}`,
  );
  return rows.map((r) => Number(r.id));
}

/** Which of `ids` are connectors of the scope now (a connector deleted or moved away since is skipped). */
export async function inScopeNow(db: Db, scope: number[], ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: connectors.id })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(inIds(connectors.id, ids), stationInScope(scope)));
  return rows.map((r) => r.id);
}
