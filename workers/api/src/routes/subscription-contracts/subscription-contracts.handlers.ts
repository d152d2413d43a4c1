/**
 * @module The /subscription-contracts router (spec 2 7.8, service setting 31): the catalog of the
 * caller's scope and the holders list of /fleet/users/subscriptions. A user's own contracts, buying
 * and the autorenew switch are under /users/{userId}/subscription-contracts (users/subscriptions/).
 */

import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { keyedValidation } from '../../lib/keyed-validation';
import { callerScope } from '../../lib/scope';
import { catalog, holders } from './subscription-contracts.routes';
import { toContract, toHolder } from './subscription-contracts.schemas';
import { activeContracts, holderPage } from './subscription-contracts.store';

export const subscriptionContractRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(catalog, async (c) => {
    const rows = await activeContracts(c.get('db'), await callerScope(c));
    return c.json({ data: rows.map(toContract) }, 200);
  })
  .openapi(holders, async (c) => {
    const q = c.req.valid('query');
    const now = Date.now();
    const { rows, total } = await holderPage(c.get('db'), await callerScope(c), q, now);
    return c.json(
      { data: rows.map((r) => toHolder(r, now)), total, page: q.page, items_per_page: q.items_per_page },
      200,
    );
  });
