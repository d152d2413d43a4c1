/**
 * @module Route declarations of locations (spec 7.16: `locations`, `location/{uid}`, `PUT location`):
 * reading needs 'connectors:view', writing 'stations:edit'.
 */

import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { LocationBody, LocationDetail, LocationListQuery, LocationPage, UidParams } from './locations.schemas';

const tags = ['Locations'];

export const list = defineRoute('connectors:view', {
  method: 'get',
  path: '/locations',
  tags,
  summary: 'Locations of the selected company and its descendants: keyword, page (from 0), items_per_page',
  request: { query: LocationListQuery },
  responses: { 200: json(LocationPage) },
});

export const read = defineRoute('connectors:view', {
  method: 'get',
  path: '/location/{uid}',
  tags,
  summary: 'One location with the stations linked to it',
  request: { params: UidParams },
  responses: { 200: json(LocationDetail), 404: error('Location uid: {uid} not found.') },
});

export const write = defineRoute('stations:edit', {
  method: 'put',
  path: '/location',
  tags,
  summary: 'Create a location (no uid) or update the location `uid`; `station_ids` replaces its stations',
  request: { body: jsonBody(LocationBody) },
  responses: {
    200: json(LocationDetail, 'Updated'),
    201: json(LocationDetail, 'Created'),
    404: error('Location uid: {uid} not found, or Station id: {id} not found.'),
  },
});
