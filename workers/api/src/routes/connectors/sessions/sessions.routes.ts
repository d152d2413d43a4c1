/** @module Route declarations of the connector session lists (spec 7.16): the network's and one connector's. */
import { defineRoute, errorResponse, jsonBody } from '@api/lib/route';
import { listResponses } from '@api/routes/sessions/list/list.routes';
import { IdParams, SessionFilters } from '@api/routes/sessions/list/list.schemas';

const tags = ['Sessions'];

export const networkSessions = defineRoute('connectors:view', {
  method: 'post',
  path: '/connectors/sessions',
  tags,
  summary: 'Sessions on the stations of the company tree, in one of the network variants the company may see',
  request: { body: jsonBody(SessionFilters) },
  responses: listResponses,
});

export const connectorSessions = defineRoute('connectors:view', {
  method: 'post',
  path: '/connectors/{id}/sessions',
  tags,
  summary: 'Sessions of one connector of the company tree',
  request: { params: IdParams, body: jsonBody(SessionFilters) },
  responses: { ...listResponses, 404: errorResponse('Connector id: {id} not found.') },
});
