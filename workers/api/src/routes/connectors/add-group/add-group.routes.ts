/** @module Route declaration of `POST /connectors/add-group` (spec 7.16), behind 'stations:edit'. */

import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { GroupWithIds } from '@api/routes/groups/groups.schemas';
import { AddToGroupBody } from './add-group.schemas';

export const addGroup = defineRoute('stations:edit', {
  method: 'post',
  path: '/connectors/add-group',
  tags: ['Connector groups'],
  summary: 'Add connectors (e.g. a bulk selection of the connector list) to a group',
  request: { body: jsonBody(AddToGroupBody) },
  responses: { 200: json(GroupWithIds), 404: error('Group id: {id} not found.') },
});
