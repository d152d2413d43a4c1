/** @module The /customer-type router (spec 7.14): the members (with the literal /customer-type/users/search), the overview, the groups. */
import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { customerGroupCrudRoutes } from './groups/groups.handlers';
import { customerGroupMemberRoutes } from './members/members.handlers';
import { customerGroupOverviewRoutes } from './overview/overview.handlers';

export const customerGroupRoutes = new OpenAPIHono<AppEnv>()
  .route('/', customerGroupMemberRoutes)
  .route('/', customerGroupOverviewRoutes)
  .route('/', customerGroupCrudRoutes);
