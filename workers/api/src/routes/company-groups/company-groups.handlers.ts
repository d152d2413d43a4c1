/**
 * @module Company groups (spec 7.20; issue 20 part 4): the one router of /company-groups. Literal
 * paths (connectors, fleet-users, private-users, recursive, labels, user) are registered before `{id}`.
 */
import type { AppEnv } from '@api/env';
import { OpenAPIHono } from '@hono/zod-openapi';
import { companyGroupCrudRoutes } from './groups/groups.handlers';
import { companyGroupMemberRoutes } from './members/members.handlers';

export const companyGroupRoutes = new OpenAPIHono<AppEnv>()
  .route('/', companyGroupMemberRoutes)
  .route('/', companyGroupCrudRoutes);
