/**
 * @module The /users and /users-permission router (spec 7.8): literal paths before parameterised ones,
 * and the statistics route /users/{userId}/{target}/{type}/{year} last, after every
 * /users/{userId}/<literal>/… route it would otherwise answer.
 */

import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { groupRoutes } from './groups';
import { userStatsRoutes } from './kpi/kpi.handlers';
import { personalDataRoutes } from './personal-data/personal-data.handlers';
import { privateRoutes } from './private';
import { userSubscriptionRoutes } from './subscriptions/subscriptions.handlers';
import { userImportRoutes } from './users.import';
import { userReads } from './users.read';
import { userWrites } from './users.write';
import { userVehicleRoutes } from './vehicles/vehicles.handlers';

export const userRoutes = new OpenAPIHono<AppEnv>()
  .route('/', userImportRoutes)
  .route('/', groupRoutes)
  .route('/', privateRoutes)
  .route('/', userReads)
  .route('/', userWrites)
  .route('/', userVehicleRoutes)
  .route('/', userSubscriptionRoutes)
  .route('/', personalDataRoutes)
  .route('/', userStatsRoutes);
