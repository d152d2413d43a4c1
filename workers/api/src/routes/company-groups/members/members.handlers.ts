/** @module The company-group membership router: lists and assignments within the caller's company tree. */
import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { assignedColumns, type GroupNode, levelColumn, pathOf, removedColumns } from '@domain/company-groups/tree';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { scopeGroups } from '../groups/groups.store';
import * as r from './members.routes';
import * as store from './members.store';

type Ctx = Context<AppEnv>;

const notFound = (c: Ctx) => apiError(c, 404, 'COMPANY_GROUP_NOT_FOUND', 'companyGroupNotFound');

/** The group filter of a list: undefined for the whole tree, null when the group is not in the tree. */
async function filterGroup(c: Ctx, groupId: number | undefined) {
  if (groupId === undefined) return undefined;
  const g = (await scopeGroups(c.get('db'), await callerScope(c))).find((x) => x.id === groupId);
  return g ? { id: g.id, level: g.level } : null;
}

/** Puts a station or user in the group of the path (its columns become the group's path), or takes it out. */
async function change(c: Ctx, target: 'station' | 'user', groupId: number, memberId: number, add: boolean) {
  const db = c.get('db');
  const scope = await callerScope(c);
  const all = await scopeGroups(db, scope);
  const group = all.find((g) => g.id === groupId);
  if (!group) return notFound(c);
  const member = await store.memberOf(db, target, memberId, await store.subtreeOf(db, scope, group.companyId));
  if (!member) return apiError(c, 404, target === 'station' ? 'STATION_NOT_FOUND' : 'USER_NOT_FOUND', 'notFound');
  if (!add && member[levelColumn(group.level)] !== group.id) return apiError(c, 404, 'NOT_A_MEMBER', 'notFound');
  const cols = add
    ? assignedColumns(pathOf(group.id, new Map<number, GroupNode>(all.map((g) => [g.id, g]))))
    : removedColumns(member, group.level);
  const data = await store.writeColumns(
    db,
    target,
    memberId,
    cols,
    callerAudit(c, {
      action: add ? 'company_group.member_add' : 'company_group.member_remove',
      entity: 'company_group',
      entityId: group.id,
      detail: { [target === 'station' ? 'stationId' : 'userId']: memberId },
    }),
  );
  return c.json({ data }, 200);
}

export const companyGroupMemberRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.connectors, async (c) => {
    const q = c.req.valid('query');
    const group = await filterGroup(c, q.group_id);
    if (group === null) return notFound(c);
    const page = await store.stationPage(c.get('db'), await callerScope(c), { ...q, group });
    return c.json({ ...page, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  .openapi(r.fleetUsers, async (c) => {
    const q = c.req.valid('query');
    const group = await filterGroup(c, q.group_id);
    if (group === null) return notFound(c);
    const page = await store.userPage(c.get('db'), await callerScope(c), { ...q, group }, 'fleet');
    return c.json({ ...page, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  .openapi(r.privateUsers, async (c) => {
    const q = c.req.valid('query');
    const group = await filterGroup(c, q.group_id);
    if (group === null) return notFound(c);
    const page = await store.userPage(c.get('db'), await callerScope(c), { ...q, group }, 'private');
    return c.json({ ...page, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  .openapi(r.addStation, (c) => {
    const p = c.req.valid('param');
    return change(c, 'station', p.id, p.stationId, true);
  })
  .openapi(r.removeStation, (c) => {
    const p = c.req.valid('param');
    return change(c, 'station', p.id, p.stationId, false);
  })
  .openapi(r.addUser, (c) => {
    const p = c.req.valid('param');
    return change(c, 'user', p.id, p.userId, true);
  })
  .openapi(r.removeUser, (c) => {
    const p = c.req.valid('param');
    return change(c, 'user', p.id, p.userId, false);
  });
