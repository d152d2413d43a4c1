/** @module The customer group overview router: a group of the caller's tree, its year month by month. */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { overviewIdMismatch } from '@domain/customer-groups/rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import { scopedGroup } from '../groups/groups.store';
import * as r from './overview.routes';
import { groupOverview, memberCount } from './overview.store';

export const customerGroupOverviewRoutes = new OpenAPIHono<AppEnv>().openapi(r.overview, async (c) => {
  const { id } = c.req.valid('param');
  const { year, userGroupId } = c.req.valid('query');
  if (overviewIdMismatch(id, userGroupId))
    return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'userGroupId' });
  const g = await scopedGroup(c.get('db'), await callerScope(c), id);
  if (!g) return apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');
  const [months, members] = await Promise.all([groupOverview(c.env.DB, g.id, year), memberCount(c.get('db'), g.id)]);
  const currency = authOf(c).company.currency ?? 'EUR';
  return c.json({ data: { year, members, currency, months } }, 200);
});
