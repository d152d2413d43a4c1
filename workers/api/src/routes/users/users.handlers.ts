/**
 * @module The /users and /users-permission router (spec 7.8): literal paths before parameterised ones,
 * and the statistics route /users/{userId}/{target}/{type}/{year} last, after every
 * /users/{userId}/<literal>/… route it would otherwise answer.
 */

import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from './account/account.handlers';
import { corporateGroupRoutes } from './corporate-groups/corporate-groups.handlers';
import { homeStationRoutes } from './home-stations/home-stations.handlers';
import { userImportRoutes } from './import/import.handlers';
import { userStatsRoutes } from './kpi/kpi.handlers';
import { userListRoutes } from './list/list.handlers';
import { personalDataRoutes } from './personal-data/personal-data.handlers';
import { privateRoutes } from './private/private.handlers';
import { userSubscriptionRoutes } from './subscriptions/subscriptions.handlers';
import { userVehicleRoutes } from './vehicles/vehicles.handlers';

export const userRoutes = new OpenAPIHono<AppEnv>()
  .route('/', userImportRoutes)
  .route('/', corporateGroupRoutes)
  .route('/', privateRoutes)
  .route('/', userListRoutes)
  .route('/', accountRoutes)
  .route('/', userVehicleRoutes)
  .route('/', homeStationRoutes)
  .route('/', userSubscriptionRoutes)
  .route('/', personalDataRoutes)
  .route('/', userStatsRoutes);
