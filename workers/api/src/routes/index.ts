/** @module Every API resource, mounted under /api. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env';
import { connectorRoutes } from './connectors/connectors.routes';
import { meRoutes } from './me/me.routes';
import { systemRoutes } from './system/system.routes';

export const routes = new OpenAPIHono<AppEnv>()
  .route('/', systemRoutes)
  .route('/', meRoutes)
  .route('/', connectorRoutes);
