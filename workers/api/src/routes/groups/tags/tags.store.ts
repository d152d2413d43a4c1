/**
 * @module Writes of connector groups as tags: create, update, delete, each with its audit row in one
 * `db.batch`. The caller has checked the group (in the scope) and the connectors (of the scope).
 */

import type { Db } from '@db/db';
import { connectorGroups } from '@db/schema';
import { eq } from 'drizzle-orm';
import { addMembers, clearMembers, groupAudit, nameKey, removeMembers } from '../groups.store';

/** Creates the group in `companyId` with `ids` as members; answers its id. */
export async function insertGroup(
  db: Db,
  actorUserId: number,
  companyId: number,
  fields: { name: string; description?: string | null | undefined },
  ids: readonly number[],
) {
  const created = await db
    .insert(connectorGroups)
    .values({
      companyId,
      name: fields.name,
      nameKey: nameKey(fields.name),
      description: fields.description || null,
      createdByUserId: actorUserId,
    })
    .returning({ id: connectorGroups.id })
    .get();
  const group = { id: created.id, companyId };
  await db.batch([
    groupAudit(db, 'connector-group.create', actorUserId, group, { name: fields.name, connectors: ids.length }),
    ...(ids.length ? [addMembers(db, created.id, ids)] : []),
  ]);
  return created.id;
}

export interface GroupChanges {
  name?: string | undefined;
  description?: string | null | undefined;
  /** Replaces the whole set. */
  connector_ids?: number[] | undefined;
  add_connector_ids?: number[] | undefined;
  remove_connector_ids?: number[] | undefined;
}

/** Renames, describes and changes the members of the group, with its audit row, in one batch. */
export async function updateGroup(
  db: Db,
  actorUserId: number,
  group: { id: number; companyId: number },
  body: GroupChanges,
) {
  const fields = {
    ...(body.name !== undefined ? { name: body.name, nameKey: nameKey(body.name) } : {}),
    ...(body.description !== undefined ? { description: body.description || null } : {}),
  };
  const id = group.id;
  await db.batch([
    db
      .update(connectorGroups)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(connectorGroups.id, id)),
    ...(body.connector_ids ? [clearMembers(db, id), addMembers(db, id, body.connector_ids)] : []),
    ...(body.add_connector_ids?.length ? [addMembers(db, id, body.add_connector_ids)] : []),
    ...(body.remove_connector_ids?.length ? [removeMembers(db, id, body.remove_connector_ids)] : []),
    groupAudit(db, 'connector-group.update', actorUserId, group, {
      ...fields,
      replaced: body.connector_ids?.length,
      added: body.add_connector_ids?.length,
      removed: body.remove_connector_ids?.length,
    }),
  ]);
}

/** Deletes the group (its connectors stay) with its audit row. */
export async function deleteGroup(
  db: Db,
  actorUserId: number,
  group: { id: number; companyId: number; name: string; connectorCount: number },
) {
  await db.batch([
    db.delete(connectorGroups).where(eq(connectorGroups.id, group.id)),
    groupAudit(db, 'connector-group.delete', actorUserId, group, {
      name: group.name,
      connectors: group.connectorCount,
    }),
  ]);
}
