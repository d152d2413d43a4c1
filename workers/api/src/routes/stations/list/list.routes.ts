/** @module Route declaration of the station list (`POST /stations`). */
import { defineRoute, json, jsonBody } from '@api/lib/route';
import { StationListBody, StationPage } from './list.schemas';

export const stationList = defineRoute('connectors:view', {
  method: 'post',
  path: '/stations',
  tags: ['Stations'],
  summary:
    'Stations of the selected company and its descendants (operated or owned): filters applied only when given, sorted, paginated from page 0',
  request: { body: jsonBody(StationListBody) },
  responses: { 200: json(StationPage) },
});
