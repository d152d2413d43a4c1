/** @module GET /api/kpi/availability/{year}/{month}[/{day}]: availability from recorded status history. */

import type { Db } from '@db/db';
import { COMPANY_TREE_CTE } from '@db/queries/companies';
import { availabilityByBucket, type Bucket, overallAvailability, type StatusChange } from '@domain/kpi/availability';
import type { ConnectorStatus } from '@domain/stations/statuses';
import { zoneClock } from '@domain/time/zone-clock';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { authOf } from '../../middleware/permission';

const Availability = z
  .object({
    timeZone: z.string(),
    from: z.string(),
    to: z.string(),
    /** Share of in-service connector time that was available, 0..1; null without data. */
    availability: z.number().nullable(),
    connectors: z.number(),
    buckets: z.array(
      z.object({ start: z.string(), end: z.string(), availability: z.number().nullable(), inServiceHours: z.number() }),
    ),
  })
  .openapi('Availability');

const Year = z.coerce.number().int().min(2000).max(2100);
const Month = z.coerce.number().int().min(1).max(12);

const monthly = defineRoute('connectors:view', {
  method: 'get',
  path: '/kpi/availability/{year}/{month}',
  tags: ['KPI'],
  summary: 'Availability per day of a month (company time zone), from the recorded status history',
  request: { params: z.object({ year: Year, month: Month }) },
  responses: { 200: json(Availability) },
});

const daily = defineRoute('connectors:view', {
  method: 'get',
  path: '/kpi/availability/{year}/{month}/{day}',
  tags: ['KPI'],
  summary: 'Availability per hour of a day (company time zone), from the recorded status history',
  request: { params: z.object({ year: Year, month: Month, day: z.coerce.number().int().min(1).max(31) }) },
  responses: { 200: json(Availability), 400: json(ErrorSchema, 'No such date') },
});

/** The UTC instant at which a local day starts (month is 1-based; day may overflow into the next month). */
function localToUtc(timeZone: string, y: number, m: number, d: number): number {
  return zoneClock(timeZone).earliestUtcOf(Date.UTC(y, m - 1, d));
}

const SCOPED_CONNECTORS = `
  ${COMPANY_TREE_CTE},
  scoped(id) AS (
    SELECT c.id FROM connectors c JOIN stations s ON s.id = c.station_id
    WHERE (s.company_id IN (SELECT id FROM tree) OR s.owner_company_id IN (SELECT id FROM tree))
      AND s.hidden = 0 -- a hidden (retired) station leaves the availability figures, every period (ADR 025)
  )`;

async function history(db: Db, companyId: number, from: number, to: number) {
  const [initial, changes, count] = await db.$client.batch<{
    id: number;
    status: ConnectorStatus;
    at: number;
    n: number;
  }>([
    db.$client
      .prepare(
        `${SCOPED_CONNECTORS}
         SELECT h.connector_id AS id, h.status, h.at FROM connector_status_history h
         WHERE h.connector_id IN (SELECT id FROM scoped)
           AND h.at = (SELECT MAX(at) FROM connector_status_history h2 WHERE h2.connector_id = h.connector_id AND h2.at < ?2)`,
      )
      .bind(companyId, from),
    db.$client
      .prepare(
        `${SCOPED_CONNECTORS}
         SELECT h.connector_id AS id, h.status, h.at FROM connector_status_history h
         WHERE h.connector_id IN (SELECT id FROM scoped) AND h.at >= ?2 AND h.at < ?3`,
      )
      .bind(companyId, from, to),
    db.$client.prepare(`${SCOPED_CONNECTORS} SELECT count(*) AS n FROM scoped`).bind(companyId),
  ]);
  return {
    initial: new Map((initial?.results ?? []).map((r) => [r.id, r.status] as const)),
    changes: (changes?.results ?? []).map((r): StatusChange => ({ connectorId: r.id, status: r.status, at: r.at })),
    connectors: count?.results[0]?.n ?? 0,
  };
}

async function answer(db: Db, companyId: number, timeZone: string, buckets: Bucket[]) {
  const from = buckets[0]?.start ?? 0;
  const to = buckets.at(-1)?.end ?? 0;
  const { initial, changes, connectors } = await history(db, companyId, from, to);
  const result = availabilityByBucket(initial, changes, buckets, Date.now());
  return {
    timeZone,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    availability: overallAvailability(result),
    connectors,
    buckets: result.map((b) => ({
      start: new Date(b.start).toISOString(),
      end: new Date(b.end).toISOString(),
      availability: b.availability,
      inServiceHours: Math.round((b.inServiceMs / 3_600_000) * 100) / 100,
    })),
  };
}

export const kpiRoutes = new OpenAPIHono<AppEnv>()
  .openapi(monthly, async (c) => {
    const { company } = authOf(c);
    const { year, month } = c.req.valid('param');
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const buckets = Array.from({ length: days }, (_, i) => ({
      start: localToUtc(company.timeZone, year, month, i + 1),
      end: localToUtc(company.timeZone, year, month, i + 2),
    }));
    return c.json(await answer(c.get('db'), company.id, company.timeZone, buckets), 200);
  })
  .openapi(daily, async (c) => {
    const { company } = authOf(c);
    const { year, month, day } = c.req.valid('param');
    if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'day' });
    }
    const start = localToUtc(company.timeZone, year, month, day);
    const end = localToUtc(company.timeZone, year, month, day + 1);
    const buckets: Bucket[] = [];
    for (let t = start; t < end; t += 3_600_000) buckets.push({ start: t, end: Math.min(t + 3_600_000, end) });
    return c.json(await answer(c.get('db'), company.id, company.timeZone, buckets), 200);
  });
