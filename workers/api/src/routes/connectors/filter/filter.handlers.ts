/** @module `GET /connectors/filter`: the choices of the connector and station list filters (routes and handler). */
import type { AppEnv } from '@api/env';
import { defineRoute, json } from '@api/lib/route';
import { callerScope } from '@api/lib/scope';
import { STATUS_BUCKETS } from '@domain/stations/buckets';
import { OpenAPIHono } from '@hono/zod-openapi';
import { FilterOptions } from './filter.schemas';
import { filterChoices } from './filter.store';

const filter = defineRoute('connectors:view', {
  method: 'get',
  path: '/connectors/filter',
  tags: ['Connectors'],
  summary: 'Choices for the connector and station list filters: operators, owners, cities, company groups, statuses',
  responses: { 200: json(FilterOptions) },
});

export const connectorFilterRoutes = new OpenAPIHono<AppEnv>().openapi(filter, async (c) => {
  const choices = await filterChoices(c.get('db'), await callerScope(c));
  return c.json({ ...choices, statuses: STATUS_BUCKETS }, 200);
});
