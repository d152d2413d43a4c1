/** @module The choices of the session list filters (GET /sessions/filter-options/{kind}). */
import type { AppEnv } from '@api/env';
import { defineRoute, json } from '@api/lib/route';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { sessionAudiences } from '@domain/sessions/detail';
import { OpenAPIHono } from '@hono/zod-openapi';
import { FilterOptions, OptionParams, OptionQuery } from './filter-options.schemas';
import { filterOptions as optionsOf } from './filter-options.store';

const tags = ['Sessions'];

const filterOptions = defineRoute('session:basic', {
  method: 'get',
  path: '/sessions/filter-options/{kind}',
  tags,
  summary:
    'Choices of the session list filters (stations, company groups, users, corporate groups of the caller’s companies), 20 matches of a keyword or the one of an id; empty for a caller who may list no sessions (neither connectors:view nor fleet:view)',
  request: { params: OptionParams, query: OptionQuery },
  responses: { 200: json(FilterOptions) },
});

export const filterOptionRoutes = new OpenAPIHono<AppEnv>().openapi(filterOptions, async (c) => {
  const audiences = sessionAudiences(authOf(c).access);
  // The pickers serve the session lists: a caller who may list no sessions gets no choices.
  if (!audiences.network && !audiences.fleet) return c.json({ data: [] }, 200);
  const { kind } = c.req.valid('param');
  const data = await optionsOf(c.get('db'), kind, await callerScope(c), c.req.valid('query'));
  return c.json({ data }, 200);
});
