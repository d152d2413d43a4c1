/** @module The customer-service log of the caller's company tree (spec 7.16 `customer-services/logs`). */

import type { AppEnv } from '@api/env';
import { callerScope } from '@api/lib/scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import { logs } from './service-logs.routes';
import { listServiceLogs } from './service-logs.store';

export const serviceLogRoutes = new OpenAPIHono<AppEnv>().openapi(logs, async (c) =>
  c.json(await listServiceLogs(c.get('db'), await callerScope(c), c.req.valid('query')), 200),
);
