/**
 * @module Connector groups (spec 7.16 `tags`, `groups`; 7.18 `tags/{id}/total-local-stats`): the one
 * router of /tags and /groups. Reading needs 'connectors:view'; writing 'stations:edit'.
 */

import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bulkRoutes } from './bulk/bulk.handlers';
import { connectorGroupRoutes } from './connector-groups/connector-groups.handlers';
import { tagRoutes } from './tags/tags.handlers';

export const groupRoutes = new OpenAPIHono<AppEnv>()
  .route('/', tagRoutes)
  .route('/', bulkRoutes)
  .route('/', connectorGroupRoutes);
