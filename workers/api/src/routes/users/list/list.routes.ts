/** @module Route declarations of the fleet user list, export and overview counts (spec 7.8, 7.18 users-permission). */
import { defineRoute, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { CountSchema, ListBody, NearLimitsSchema, PermissionCountsSchema, UserPage } from './list.schemas';

const VIEW = 'fleet:view';
const tags = ['Fleet users'];

export const list = defineRoute(VIEW, {
  method: 'post',
  path: '/users',
  tags,
  summary:
    'Fleet users of the selected company and its descendants, with session count and status (charging or idle); page is 0-based',
  request: { body: jsonBody(ListBody) },
  responses: { 200: json(UserPage) },
});

export const exportCsv = defineRoute('fleet:users:export', {
  method: 'post',
  path: '/users/export',
  tags,
  summary: 'The filtered list as CSV (at most 10,000 rows) with personal data: fleet managers and administrators only',
  request: { body: jsonBody(ListBody.partial()) },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
});

export const counts = defineRoute(VIEW, {
  method: 'get',
  path: '/users/count',
  tags,
  summary: 'Counts for the fleet overview: users, deleted, charging, idle, near a limit',
  responses: { 200: json(CountSchema) },
});

export const nearLimits = defineRoute(VIEW, {
  method: 'get',
  path: '/users/near-limits',
  tags,
  summary: 'Users who used 80% or more of a kWh limit in the current period',
  responses: { 200: json(NearLimitsSchema) },
});

export const permissions = defineRoute(VIEW, {
  method: 'get',
  path: '/users-permission',
  tags,
  summary: 'How many active users hold each charging permission (dashboard)',
  responses: { 200: json(PermissionCountsSchema) },
});
