/**
 * @module A fleet user's consumption (kWh) or session count per month of a year, or per year of the
 * five years to it (spec 7.8). Its path has the shape of every /users/{userId}/<literal>/{id}/<literal>
 * route, so the users router mounts it last.
 */

import type { AppEnv } from '@api/env';
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { authOf } from '@api/middleware/permission';
import { statsBuckets, statsWindow } from '@domain/fleet/statistics';
import { OpenAPIHono } from '@hono/zod-openapi';
import { foundUser } from '../users.access';
import { StatsParams, StatsSchema } from './kpi.schemas';
import { sessionsStarted } from './kpi.store';

export const stats = defineRoute('fleet:view', {
  method: 'get',
  path: '/users/{userId}/{target}/{type}/{year}',
  tags: ['Fleet users'],
  summary: 'Consumption (kWh) or session count per month of a year, or per year of the five years to it',
  request: { params: StatsParams },
  responses: {
    200: json(StatsSchema),
    404: errorResponse('User not found (or of a company outside the scope)'),
  },
});

export const userStatsRoutes = new OpenAPIHono<AppEnv>().openapi(stats, async (c) => {
  const { userId, target, type, year } = c.req.valid('param');
  const found = await foundUser(c, userId);
  if (found.error) return found.error;
  const rows = await sessionsStarted(c.get('db'), found.user.id, statsWindow(type, year));
  // Periods of the company clock: the session's start instant, read in the company time zone.
  const data = statsBuckets(rows, { target, type, year, timeZone: authOf(c).company.timeZone });
  return c.json(
    { target, type, year, unit: target === 'sessions' ? ('sessions' as const) : ('kWh' as const), data },
    200,
  );
});
