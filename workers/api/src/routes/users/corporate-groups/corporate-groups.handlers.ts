/** @module Corporate groups (spec 7.8 users/group): list, detail, create, rename, delete, add users. */
import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { callerScope } from '@api/lib/scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { targetCompany } from '../users.access';
import { addUsers, createGroup, deleteGroup, groupDetail, listGroups, updateGroup } from './corporate-groups.routes';
import {
  activeUsersIn,
  deleteGroupRow,
  groupsOf,
  insertGroup,
  memberCount,
  moveUsersIntoGroup,
  renameGroup,
} from './corporate-groups.store';

type Ctx = Context<AppEnv>;

const audit = (c: Ctx, action: string, id: number, detail: Record<string, unknown>) =>
  callerAudit(c, { action, entity: 'corporate_group', entityId: id, detail });

async function oneGroup(c: Ctx, id: number) {
  const scope = await callerScope(c);
  const [g] = await groupsOf(c.get('db'), scope, id);
  return { g, scope };
}

const missing = (c: Ctx, id: number) =>
  apiError(c, 404, 'CORPORATE_GROUP_NOT_FOUND', 'corporateGroupNotFound', { params: { id } });

export const corporateGroupRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listGroups, async (c) => c.json({ data: await groupsOf(c.get('db'), await callerScope(c)) }, 200))
  .openapi(groupDetail, async (c) => {
    const { groupId } = c.req.valid('param');
    const { g } = await oneGroup(c, groupId);
    return g ? c.json(g, 200) : missing(c, groupId);
  })
  .openapi(
    createGroup,
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const target = await targetCompany(c, body.company_id);
      if (target.error) return target.error;
      const { companyId, scope } = target;
      const id = await insertGroup(db, companyId, body.name, (id) =>
        audit(c, 'corporate_group.create', id, { name: body.name }),
      );
      const [g] = await groupsOf(db, scope, id);
      if (!g) throw new Error('created group not readable');
      return c.json(g, 201);
    },
    keyedValidation,
  )
  .openapi(
    updateGroup,
    async (c) => {
      const { groupId } = c.req.valid('param');
      const { name } = c.req.valid('json');
      const db = c.get('db');
      const { g, scope } = await oneGroup(c, groupId);
      if (!g) return missing(c, groupId);
      await renameGroup(
        db,
        scope,
        groupId,
        name,
        audit(c, 'corporate_group.update', groupId, { before: g.name, name }),
      );
      const [after] = await groupsOf(db, scope, groupId);
      return after ? c.json(after, 200) : missing(c, groupId);
    },
    keyedValidation,
  )
  .openapi(deleteGroup, async (c) => {
    const { groupId } = c.req.valid('param');
    const db = c.get('db');
    const { g, scope } = await oneGroup(c, groupId);
    if (!g) return missing(c, groupId);
    if ((await memberCount(db, groupId)) > 0)
      return apiError(c, 409, 'CORPORATE_GROUP_HAS_USERS', 'corporateGroupHasUsers');
    await deleteGroupRow(db, scope, groupId, audit(c, 'corporate_group.delete', groupId, { name: g.name }));
    return c.json({ id: groupId }, 200);
  })
  .openapi(addUsers, async (c) => {
    const { groupId } = c.req.valid('param');
    const { user_ids } = c.req.valid('json');
    const db = c.get('db');
    const { g, scope } = await oneGroup(c, groupId);
    if (!g) return missing(c, groupId);
    const ids = [...new Set(user_ids)];
    if ((await activeUsersIn(db, scope, ids)) !== ids.length)
      return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound', { field: 'user_ids' });
    await moveUsersIntoGroup(db, groupId, ids, audit(c, 'corporate_group.add_users', groupId, { userIds: ids }));
    const [after] = await groupsOf(db, scope, groupId);
    return after ? c.json(after, 200) : missing(c, groupId);
  });
