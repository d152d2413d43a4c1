/**
 * @module Bulk membership changes of a connector group: the ids of a selection, or every connector a
 * connector-list filter matches in the caller's scope (the list's own `connectorWhere`, so "all
 * matching rows" means exactly what the list shows). Ids are read and written in bounded chunks, each
 * bound as one JSON value (D1 allows 100 bound parameters), and every write goes in one `db.batch`.
 */
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../../../drizzle/db';
import { connectorGroups, connectors, stations } from '../../../../../drizzle/schema';
import { auditInsert } from '../../lib/audit';
import { connectorWhere } from '../connectors/connectors.list';
import type { BulkFilter } from './groups.schemas';
import { addMembers, membersAmong, removeMembers } from './groups.store';

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
