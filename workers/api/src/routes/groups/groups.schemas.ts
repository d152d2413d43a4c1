/**
 * @module Schemas shared by the connector-group resources (spec 7.16 `tags`, `groups`): a group, its
 * page and its ids, the list query and the id parameter.
 */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import { z } from '@hono/zod-openapi';

/** At most this many connector ids in one call (bound as one JSON value, so D1's parameter cap does not apply). */
export const MAX_IDS = 5000;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** The list query of spec section 3: items_per_page, page (0-based), keyword. */
export const GroupListQuery = z.object({
  ...pageQueryFields(25),
  keyword: z.string().trim().max(100).optional(),
});

/** Connector ids of one call. */
export const connectorIds = z.array(z.number().int().positive()).max(MAX_IDS);

export const GroupSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    companyId: z.number(),
    companyName: z.string(),
    connectorCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .openapi('ConnectorGroup');

export const GroupPage = pageOf(GroupSchema).openapi('ConnectorGroupPage');

export const GroupWithIds = GroupSchema.extend({ connectorIds: z.array(z.number()) }).openapi('ConnectorGroupTag');
