/** @module Body of `POST /connectors/add-group` (spec 7.16): connectors of the list added to a group. */

import { connectorIds as ids } from '@api/routes/groups/groups.schemas';
import { z } from '@hono/zod-openapi';

export const AddToGroupBody = z
  .strictObject({ group_id: z.number().int().positive(), connector_ids: ids.min(1) })
  .openapi('ConnectorAddGroup');
