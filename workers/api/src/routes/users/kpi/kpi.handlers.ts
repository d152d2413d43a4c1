/**
 * @module A fleet user's consumption (kWh), session count, spend (the driver's price per currency) or
 * CO2 avoided (kg) per month of a year, or per year of the five years to it (spec 7.8; issue 21 part
 * 8). Sessions are read from the report source (the warehouse when configured, D1 otherwise); CO2
 * avoided from D1 through the CO2 store (ADR 053). Its path has the shape of every
 * /users/{userId}/<literal>/{id}/<literal> route, so the users router mounts it last.
 */

import type { AppEnv } from '@api/env';
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { authOf } from '@api/middleware/permission';
import type { WarehouseSettings } from '@db/warehouse/client';
import { reportMonths } from '@domain/co2/periods';
import { co2Buckets, spendBuckets, statsBuckets, statsPeriods, statsWindow } from '@domain/fleet/statistics';
import { OpenAPIHono } from '@hono/zod-openapi';
import { reportSource } from '../../reporting/reporting.store';
import { foundUser } from '../users.access';
import { StatsParams, StatsSchema } from './kpi.schemas';
import { co2ByMonth, sessionsStarted } from './kpi.store';

export const stats = defineRoute('fleet:view', {
  method: 'get',
  path: '/users/{userId}/{target}/{type}/{year}',
  tags: ['Fleet users'],
  summary:
    'Consumption (kWh), session count, spend (driver price, per currency) or CO2 avoided (kg) per month of a year, or per year of the five years to it',
  request: { params: StatsParams },
  responses: {
    200: json(StatsSchema),
    404: errorResponse('User not found (or of a company outside the scope)'),
  },
});

const UNIT = { consumption: 'kWh', sessions: 'sessions', spend: 'minor', co2: 'kg' } as const;

export const userStatsRoutes = new OpenAPIHono<AppEnv>().openapi(stats, async (c) => {
  const { userId, target, type, year } = c.req.valid('param');
  const found = await foundUser(c, userId);
  if (found.error) return found.error;
  const company = authOf(c).company;
  // Periods of the company clock: the session's start instant, read in the company time zone.
  const q = { type, year, timeZone: company.timeZone };
  const answer = (source: 'warehouse' | 'd1', data: { period: string; value: number; currency?: string }[]) =>
    c.json({ target, type, year, unit: UNIT[target], source, data }, 200);
  if (target === 'co2') {
    const years = [...new Set(statsPeriods(type, year).map((p) => p.slice(0, 4)))];
    const months = years.flatMap((y) => reportMonths(company.timeZone, `${y}-01`, `${y}-12`) ?? []);
    return answer('d1', co2Buckets(await co2ByMonth(c.get('db'), found.user, months), q));
  }
  const source = reportSource(c.env as Env & WarehouseSettings, c.get('db'));
  try {
    const rows = await sessionsStarted(source, found.user.id, statsWindow(type, year));
    const data =
      target === 'spend'
        ? spendBuckets(rows, { ...q, fallbackCurrency: company.currency })
        : statsBuckets(rows, { ...q, target });
    return answer(source.name, data);
  } finally {
    await source.end();
  }
});
