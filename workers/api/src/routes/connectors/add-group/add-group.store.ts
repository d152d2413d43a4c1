/** @module The write of `POST /connectors/add-group`: the connectors join the group, with its audit row, in one batch. */

import { addMembers, groupAudit, touchGroup } from '@api/routes/groups/groups.store';
import type { Db } from '@db/db';

/** Adds `ids` (connectors of the scope, already checked) to the group; members already there stay. */
export async function addToGroup(
  db: Db,
  actorUserId: number,
  group: { id: number; companyId: number },
  ids: readonly number[],
) {
  await db.batch([
    addMembers(db, group.id, ids),
    touchGroup(db, group.id),
    groupAudit(db, 'connector-group.add', actorUserId, group, { added: ids.length }),
  ]);
}
