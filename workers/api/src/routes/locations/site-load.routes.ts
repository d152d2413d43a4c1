/**
 * @module Route declarations of a location's site load limit (ADR 059): reading needs
 * 'connectors:view' like the location, writing 'stations:edit' like editing the location.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { UidParams } from './locations.schemas';
import { SiteLoadBody, SiteLoadSchema } from './site-load.schemas';

const tags = ['Locations'];

export const readLoad = defineRoute('connectors:view', {
  method: 'get',
  path: '/location/{uid}/load',
  tags,
  summary: "The location's grid-connection limit, the limit in force now and each charging session's share and draw",
  request: { params: UidParams },
  responses: { 200: json(SiteLoadSchema), 404: error('Location uid: {uid} not found.') },
});

export const writeLoad = defineRoute('stations:edit', {
  method: 'put',
  path: '/location/{uid}/load',
  tags,
  summary:
    "Sets the location's grid-connection limit (A per phase or kW, optional daily schedule); shared anew at once",
  request: { params: UidParams, body: jsonBody(SiteLoadBody) },
  responses: {
    200: json(SiteLoadSchema, 'Updated'),
    400: error('A schedule period or the limit is not valid.'),
    404: error('Location uid: {uid} not found.'),
  },
});
