/**
 * @module Route declarations of remote start and stop (spec 7.17 `maintenance/{id}/{userId}/start|stop`)
 * and of the users a remote start can be sent for; all behind 'connectors:command:basic'.
 */

import { connectorCommandResponses as commandResponses } from '@api/lib/charge-point-command';
import { defineRoute, json } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ByConnectorAndUser, ById, UserOption, UsersQuery } from './remote-session.schemas';

const tags = ['Maintenance'];

export const startUsers = defineRoute('connectors:command:basic', {
  method: 'get',
  path: '/maintenance/{id}/users',
  tags,
  summary:
    'Active users of the selected company tree a remote start can be sent for (e-mail or name search, 20 at most)',
  request: { params: ById, query: UsersQuery },
  responses: { 200: json(z.object({ data: z.array(UserOption) })), 404: commandResponses[404] },
});

export const start = defineRoute('connectors:command:basic', {
  method: 'post',
  path: '/maintenance/{id}/{userId}/start',
  tags,
  summary:
    'RemoteStartTransaction for a user with their active RFID card, under the same rules as at the charger; refused when the connector is busy',
  request: { params: ByConnectorAndUser },
  responses: commandResponses,
});

export const stop = defineRoute('connectors:command:basic', {
  method: 'post',
  path: '/maintenance/{id}/{userId}/stop',
  tags,
  summary: 'RemoteStopTransaction of the session in progress on the connector',
  request: { params: ByConnectorAndUser },
  responses: commandResponses,
});
