/** @module GET /api/metabase/dashboard/{id} (spec 001 §7.18, ADR 055): the signed embed address, or 409 when not configured. */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
import { type MetabaseEnv, metabaseEmbedUrl } from './metabase.embed';
import { embed } from './metabase.routes';

export const metabaseRoutes = new OpenAPIHono<AppEnv>().openapi(embed, async (c) => {
  const { id } = c.req.valid('param');
  const url = await metabaseEmbedUrl(c.env as MetabaseEnv, id, authOf(c).scope, Math.floor(Date.now() / 1000));
  if (!url) return apiError(c, 409, 'METABASE_NOT_CONFIGURED', 'metabaseNotConfigured');
  c.header('cache-control', 'private, no-store');
  return c.json({ url }, 200);
});
