/** @module Connector groups (tags) and locations, spec 7.16. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { groupRoutes } from './groups.routes';
import { locationRoutes } from './locations.routes';

export const groupAndLocationRoutes = new OpenAPIHono<AppEnv>().route('/', groupRoutes).route('/', locationRoutes);
