/**
 * @module Route declarations of the maintenance commands of spec 7.16/7.17 on one connector (unlock,
 * reset, the whole station out of order or available again) and of the status page's lookup.
 */

import { connectorCommandResponses as commandResponses } from '@api/lib/charge-point-command';
import { defineRoute, json } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ById, ResetQuery, StatusParams } from './commands.schemas';

const tags = ['Maintenance'];

export const statusLookup = defineRoute('connectors:view', {
  method: 'get',
  path: '/maintenance/status/{stationUid}/{connectorUid}',
  tags,
  summary: 'The connector id of a station uid and connector uid (the maintenance status page addresses connectors so)',
  request: { params: StatusParams },
  responses: { 200: json(z.object({ id: z.number() })), 404: commandResponses[404] },
});

export const unlock = defineRoute('connectors:command:basic', {
  method: 'post',
  path: '/maintenance/{id}/unlock',
  tags,
  summary: 'UnlockConnector on the connector; answers with the charge point reply',
  request: { params: ById },
  responses: commandResponses,
});

export const reset = defineRoute('connectors:command:basic', {
  method: 'post',
  path: '/maintenance/{id}/reset',
  tags,
  summary: "Reset (Soft by default, ?type=Hard) of the connector's station",
  request: { params: ById, query: ResetQuery },
  responses: commandResponses,
});

export const stationOutOfOrder = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/maintenance/{id}/station-out-of-order',
  tags,
  summary: "ChangeAvailability Inoperative on connector 0: the connector's whole station out of order",
  request: { params: ById },
  responses: commandResponses,
});

export const stationAvailable = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/maintenance/{id}/station-available',
  tags,
  summary: "ChangeAvailability Operative on connector 0: the connector's whole station available again",
  request: { params: ById },
  responses: commandResponses,
});
