/** @module Route declarations of /subscription-contracts (spec 2 7.8, service setting 31): the catalog and its holders. */

import { z } from '@hono/zod-openapi';
import { defineRoute, json } from '../../lib/route';
import { Contract, HoldersPage, HoldersQuery } from './subscription-contracts.schemas';

const VIEW = 'fleet:subscriptions';
const tags = ['Subscription contracts'];

export const catalog = defineRoute(VIEW, {
  method: 'get',
  path: '/subscription-contracts',
  tags,
  summary: 'Active contracts offered by the companies of the scope',
  responses: { 200: json(z.object({ data: z.array(Contract) })) },
});

export const holders = defineRoute(VIEW, {
  method: 'get',
  path: '/subscription-contracts/holders',
  tags,
  summary: "Users' contracts in the scope, newest first, with filters; page is 0-based",
  request: { query: HoldersQuery },
  responses: { 200: json(HoldersPage) },
});
