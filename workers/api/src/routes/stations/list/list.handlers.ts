/** @module The station list: validated filters → the list's store, within the caller's company tree. */
import type { AppEnv } from '@api/env';
import { callerScope } from '@api/lib/scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import { stationList } from './list.routes';
import { listStations } from './list.store';

export const stationListRoutes = new OpenAPIHono<AppEnv>().openapi(stationList, async (c) => {
  return c.json(await listStations(c.get('db'), await callerScope(c), c.req.valid('json')), 200);
});
