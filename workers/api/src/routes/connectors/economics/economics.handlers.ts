/** @module The connector economics (issue 21 part 3): period → store (sums per station or group) → domain figures → answer. */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import { periodOf } from '../../uptime/uptime.handlers';
import { economics } from './economics.routes';
import { toEconomicsRow, toEconomicsTotal } from './economics.schemas';
import { economicsPage } from './economics.store';

export const connectorEconomicsRoutes = new OpenAPIHono<AppEnv>().openapi(economics, async (c) => {
  const q = c.req.valid('query');
  const period = periodOf(q, new Date());
  if (!period) return apiError(c, 400, 'VALIDATION_FAILED', 'uptimePeriodInvalid', { field: 'from' });
  const r = await economicsPage(c.get('db'), await callerScope(c), period, q);
  return c.json(
    {
      data: r.rows.map(toEconomicsRow),
      total: r.total,
      page: q.page,
      items_per_page: q.items_per_page,
      totals: r.totals.map(toEconomicsTotal),
      companies_without_cost: r.companiesWithoutCost,
    },
    200,
  );
});
