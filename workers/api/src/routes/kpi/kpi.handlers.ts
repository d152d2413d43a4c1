/**
 * @module GET /api/kpi/availability/{year}/{month}[/{day}]: availability from recorded status history.
 * The periods' buckets (local days or hours in the company's time zone) and the availability are the
 * domain's; the store reads the history.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import type { Db } from '@db/db';
import { availabilityByBucket, type Bucket, overallAvailability } from '@domain/kpi/availability';
import { dayBuckets, hourBuckets } from '@domain/kpi/periods';
import { OpenAPIHono } from '@hono/zod-openapi';
import { daily, monthly } from './kpi.routes';
import { toBucket } from './kpi.schemas';
import { statusHistory } from './kpi.store';

async function answer(db: Db, companyId: number, timeZone: string, buckets: Bucket[]) {
  const from = buckets[0]?.start ?? 0;
  const to = buckets.at(-1)?.end ?? 0;
  const { initial, changes, connectors } = await statusHistory(db, companyId, from, to);
  const result = availabilityByBucket(initial, changes, buckets, Date.now());
  return {
    timeZone,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    availability: overallAvailability(result),
    connectors,
    buckets: result.map(toBucket),
  };
}

export const kpiRoutes = new OpenAPIHono<AppEnv>()
  .openapi(monthly, async (c) => {
    const { company } = authOf(c);
    const { year, month } = c.req.valid('param');
    const buckets = dayBuckets(company.timeZone, year, month);
    return c.json(await answer(c.get('db'), company.id, company.timeZone, buckets), 200);
  })
  .openapi(daily, async (c) => {
    const { company } = authOf(c);
    const { year, month, day } = c.req.valid('param');
    const buckets = hourBuckets(company.timeZone, year, month, day);
    if (!buckets) return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'day' });
    return c.json(await answer(c.get('db'), company.id, company.timeZone, buckets), 200);
  });
