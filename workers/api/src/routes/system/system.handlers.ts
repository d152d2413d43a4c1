/** @module Public system endpoints (routes declared here: too small for four files). */

import type { AppEnv } from '@api/env';
import { defineRoute, json } from '@api/lib/route';
import { OpenAPIHono, z } from '@hono/zod-openapi';

const clientVersion = defineRoute('public', {
  method: 'get',
  path: '/client-version',
  tags: ['System'],
  summary: 'Version of the web client; the browser checks it every 180000 ms',
  responses: { 200: json(z.object({ version: z.string() })) },
});

export const systemRoutes = new OpenAPIHono<AppEnv>().openapi(clientVersion, (c) =>
  c.json({ version: c.env.APP_VERSION }, 200),
);
