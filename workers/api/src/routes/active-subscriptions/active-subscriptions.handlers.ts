/**
 * @module GET /active-subscriptions (spec 001 §7.18): the users' subscription contracts of the caller's
 * company tree that are active now (not cancelled, not past their end), how many and a page of them,
 * newest first. A resource too small for four files (ADR 041): the route is declared here and the read
 * is the holders list's (`subscription-contracts.store.ts`) with its `active` filter.
 */
import type { AppEnv } from '@api/env';
import { defineRoute, json } from '@api/lib/route';
import { callerScope } from '@api/lib/scope';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { pageQueryFields } from '../../lib/pagination';
import { HoldersPage, toHolder } from '../subscription-contracts/subscription-contracts.schemas';
import { holderPage } from '../subscription-contracts/subscription-contracts.store';

const ActiveQuery = z.object({ ...pageQueryFields(20) });

export const activeSubscriptions = defineRoute('fleet:subscriptions', {
  method: 'get',
  path: '/active-subscriptions',
  tags: ['Subscription contracts'],
  summary:
    "Active subscription contracts of the users of the caller's company tree: `total` is their count, `data` a page, newest first",
  request: { query: ActiveQuery },
  responses: { 200: json(HoldersPage) },
});

export const activeSubscriptionRoutes = new OpenAPIHono<AppEnv>().openapi(activeSubscriptions, async (c) => {
  const q = c.req.valid('query');
  const now = Date.now();
  const { rows, total } = await holderPage(c.get('db'), await callerScope(c), { ...q, status: 'active' }, now);
  return c.json(
    { data: rows.map((r) => toHolder(r, now)), total, page: q.page, items_per_page: q.items_per_page },
    200,
  );
});
