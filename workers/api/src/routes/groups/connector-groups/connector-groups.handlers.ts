/**
 * @module A connector group's pages (spec 7.16 `groups`): the list, one group with a page of its
 * connectors (the connector list's rows), its sessions and their totals; 404 outside the scope.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { listConnectors } from '@api/routes/connectors/list/list.store';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { findGroup, listGroups } from '../groups.store';
import { detail, list, sessions, totals } from './connector-groups.routes';
import { groupSessions, groupTotals } from './connector-groups.store';

type Ctx = Context<AppEnv>;

const notFound = (c: Context, id: number) => apiError(c, 404, 'GROUP_NOT_FOUND', 'groupNotFound', { params: { id } });

/** The totals of group `id` in the caller's scope (one answer for both paths). */
async function answerTotals(c: Ctx, id: number) {
  const db = c.get('db');
  const scope = await callerScope(c);
  const group = await findGroup(db, scope, id);
  if (!group) return notFound(c, id);
  return c.json(await groupTotals(db, scope, id, group.connectorCount), 200);
}

export const connectorGroupRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listGroups(c.get('db'), await callerScope(c), c.req.valid('query')), 200))
  .openapi(detail, async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    const db = c.get('db');
    const scope = await callerScope(c);
    const group = await findGroup(db, scope, id);
    if (!group) return notFound(c, id);
    const page = await listConnectors(db, scope, {
      page: q.page,
      items_per_page: q.items_per_page,
      keyword: q.keyword,
      tag_id: id,
      sort: 'evse_id',
      direction: 'asc',
    });
    return c.json({ group, connectors: page }, 200);
  })
  .openapi(sessions, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const scope = await callerScope(c);
    if (!(await findGroup(db, scope, id))) return notFound(c, id);
    return c.json(await groupSessions(db, scope, id, c.req.valid('query')), 200);
  })
  .openapi(totals('/groups/{id}/totals'), (c) => answerTotals(c, c.req.valid('param').id))
  .openapi(totals('/tags/{id}/total-local-stats'), (c) => answerTotals(c, c.req.valid('param').id));
