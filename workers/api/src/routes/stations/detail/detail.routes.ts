/** @module Route declarations of `GET/PATCH /api/stations/{id}/detail` (spec 7.16). */
import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { StationDetailSchema, StationIdParams, StationPatchBody } from './detail.schemas';

const notFound = json(ErrorSchema, 'Station id: {id} not found. (outside the company tree too)');

export const getDetail = defineRoute('connectors:view', {
  method: 'get',
  path: '/stations/{id}/detail',
  tags: ['Stations'],
  summary: "Every field of a station operated or owned in the selected company's tree, with its connectors",
  request: { params: StationIdParams },
  responses: { 200: json(StationDetailSchema), 404: notFound },
});

export const patchDetail = defineRoute('stations:edit', {
  method: 'patch',
  path: '/stations/{id}/detail',
  tags: ['Stations'],
  summary:
    'Update a station: mandatory fields, coordinates (dot decimals, in range), public peering only on a public station; audited',
  request: { params: StationIdParams, body: jsonBody(StationPatchBody) },
  responses: {
    200: json(StationDetailSchema),
    400: json(ErrorSchema, 'A rule of spec section 5 failed; `issues` names every field'),
    404: notFound,
  },
});
