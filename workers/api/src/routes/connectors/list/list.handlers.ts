/** @module The connector list: validated filters → the list's store, within the caller's company tree. */
import type { AppEnv } from '@api/env';
import { callerScope } from '@api/lib/scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import { connectorList } from './list.routes';
import { listConnectors } from './list.store';

export const connectorListRoutes = new OpenAPIHono<AppEnv>().openapi(connectorList, async (c) => {
  const db = c.get('db');
  return c.json(await listConnectors(db, await callerScope(c), c.req.valid('json')), 200);
});
