/**
 * @module Connector groups as tags (spec 7.16 `tags`): the list, and create / read / update / delete
 * of one group with the ids of its connectors. Input → store (gather) → checks → store (write).
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { findGroup, firstMissingConnector, groupWithIds, listGroups, nameTaken } from '../groups.store';
import { create, list, read, remove, update } from './tags.routes';
import { deleteGroup, insertGroup, updateGroup } from './tags.store';

const notFound = (c: Context, id: number) => apiError(c, 404, 'GROUP_NOT_FOUND', 'groupNotFound', { params: { id } });
const missingConnector = (c: Context, id: number) =>
  apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });
const taken = (c: Context) => apiError(c, 409, 'GROUP_NAME_TAKEN', 'groupNameTaken', { field: 'name' });

export const tagRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listGroups(c.get('db'), await callerScope(c), c.req.valid('query')), 200))
  .openapi(create, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const { company, user } = authOf(c);
    const scope = await callerScope(c);
    if (await nameTaken(db, company.id, body.name)) return taken(c);
    const missing = await firstMissingConnector(db, scope, body.connector_ids ?? []);
    if (missing !== undefined) return missingConnector(c, missing);
    const id = await insertGroup(db, user.id, company.id, body, body.connector_ids ?? []);
    const out = await groupWithIds(db, scope, id);
    return out ? c.json(out, 201) : notFound(c, id);
  })
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    const out = await groupWithIds(c.get('db'), await callerScope(c), id);
    return out ? c.json(out, 200) : notFound(c, id);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const { user } = authOf(c);
    const scope = await callerScope(c);
    const group = await findGroup(db, scope, id);
    if (!group) return notFound(c, id);
    if (body.name !== undefined && (await nameTaken(db, group.companyId, body.name, id))) return taken(c);
    const incoming = [...(body.connector_ids ?? []), ...(body.add_connector_ids ?? [])];
    const missing = await firstMissingConnector(db, scope, incoming);
    if (missing !== undefined) return missingConnector(c, missing);
    await updateGroup(db, user.id, group, body);
    const out = await groupWithIds(db, scope, id);
    return out ? c.json(out, 200) : notFound(c, id);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const group = await findGroup(db, await callerScope(c), id);
    if (!group) return notFound(c, id);
    await deleteGroup(db, authOf(c).user.id, group);
    return c.json({ deleted: id }, 200);
  });
