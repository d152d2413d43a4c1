/** @module `POST /connectors/map-markers`: one marker per station, coloured by its connectors (routes and handler). */
import type { AppEnv } from '@api/env';
import { defineRoute, json, jsonBody } from '@api/lib/route';
import { callerScope } from '@api/lib/scope';
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import { MapMarkerBody, MapMarkers } from './map-markers.schemas';
import { mapMarkersJson } from './map-markers.store';

const markers = defineRoute('connectors:view', {
  method: 'post',
  path: '/connectors/map-markers',
  tags: ['Connectors'],
  summary:
    'One marker per station with coordinates, coloured by its connectors (filters of POST /connectors, optional bbox); at most 20,000',
  request: { body: jsonBody(MapMarkerBody) },
  responses: { 200: json(MapMarkers) },
});

export const mapMarkerRoutes = new OpenAPIHono<AppEnv>().openapi(markers, async (c) => {
  // The answer's JSON comes built from SQLite (mapMarkersJson): sent as it is.
  const body = await mapMarkersJson(c.get('db'), await callerScope(c), c.req.valid('json'));
  const res = c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' });
  return res as unknown as TypedResponse<z.output<typeof MapMarkers>, 200, 'json'>;
});
