/** @module Bodies of the connector-group (tag) writes (spec 7.16 `tags`). */

import { z } from '@hono/zod-openapi';
import { connectorIds as ids } from '../groups.schemas';

const name = z.string().trim().min(1, 'The name is mandatory.').max(100);
const description = z.string().trim().max(500).nullable().optional();

export const CreateGroupBody = z
  .strictObject({ name, description, connector_ids: ids.optional() })
  .openapi('ConnectorGroupCreate');

/** `connector_ids` replaces the whole set; `add_connector_ids` / `remove_connector_ids` change it. */
export const UpdateGroupBody = z
  .strictObject({
    name: name.optional(),
    description,
    connector_ids: ids.optional(),
    add_connector_ids: ids.optional(),
    remove_connector_ids: ids.optional(),
  })
  .openapi('ConnectorGroupUpdate');
