/** @module Route declaration of the connector list (spec 7.16 `POST connectors`). */
import { defineRoute, json, jsonBody } from '@api/lib/route';
import { ConnectorListBody, ConnectorPage } from './list.schemas';

export const connectorList = defineRoute('connectors:view', {
  method: 'post',
  path: '/connectors',
  tags: ['Connectors'],
  summary:
    'Connectors of the selected company and its descendants (operated or owned): filters applied only when given, sorted, paginated from page 0',
  request: { body: jsonBody(ConnectorListBody) },
  responses: { 200: json(ConnectorPage) },
});
