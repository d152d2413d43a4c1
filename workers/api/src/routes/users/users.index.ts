/** @module The fleet users API (spec 7.8): reads first, so /users/count and /users/export win over /users/{userId}. */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { groupRoutes } from './groups';
import { privateRoutes } from './private';
import { userImportRoutes } from './users.import';
import { userReads } from './users.read';
import { userWrites } from './users.write';

export const userRoutes = new OpenAPIHono<AppEnv>()
  .route('/', userImportRoutes)
  .route('/', groupRoutes)
  .route('/', privateRoutes)
  .route('/', userReads)
  .route('/', userWrites);
