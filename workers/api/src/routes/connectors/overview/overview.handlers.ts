/** @module The connector overview: totals by status bucket and the recent faults of the caller's company tree. */
import type { AppEnv } from '@api/env';
import { callerScope } from '@api/lib/scope';
import { bucketTotals } from '@domain/stations/buckets';
import { shownStatusCounts } from '@domain/stations/liveness';
import { OpenAPIHono } from '@hono/zod-openapi';
import { overviewFaults, overviewStatus } from './overview.routes';
import { toFault } from './overview.schemas';
import { recentFaults, statusCounts } from './overview.store';

export const connectorOverviewRoutes = new OpenAPIHono<AppEnv>()
  .openapi(overviewStatus, async (c) => {
    const { reported, offline } = await statusCounts(c.get('db'), await callerScope(c));
    return c.json(bucketTotals(shownStatusCounts(reported, offline)), 200);
  })
  .openapi(overviewFaults, async (c) => {
    const { rows, total } = await recentFaults(c.get('db'), await callerScope(c));
    return c.json({ data: rows.map(toFault), total }, 200);
  });
