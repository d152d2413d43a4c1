/**
 * @module `POST /connectors/add-group` (spec 7.16): connectors of the list (a bulk selection) added
 * to a group of the scope; 404 when the group or one connector is outside it.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { findGroup, firstMissingConnector, groupWithIds } from '@api/routes/groups/groups.store';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { addGroup } from './add-group.routes';
import { addToGroup } from './add-group.store';

const notFound = (c: Context, id: number) => apiError(c, 404, 'GROUP_NOT_FOUND', 'groupNotFound', { params: { id } });

export const addGroupRoutes = new OpenAPIHono<AppEnv>().openapi(addGroup, async (c) => {
  const body = c.req.valid('json');
  const db = c.get('db');
  const scope = await callerScope(c);
  const group = await findGroup(db, scope, body.group_id);
  if (!group) return notFound(c, body.group_id);
  const missing = await firstMissingConnector(db, scope, body.connector_ids);
  if (missing !== undefined) {
    return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: missing } });
  }
  await addToGroup(db, authOf(c).user.id, group, body.connector_ids);
  const out = await groupWithIds(db, scope, group.id);
  return out ? c.json(out, 200) : notFound(c, group.id);
});
