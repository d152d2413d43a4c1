/** @module Route declarations of the key hangers API (spec 7.19), all behind 'fleet:key-hangers'. */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  CheckQuery,
  CheckSchema,
  CreateBody,
  CreateFromUuidBody,
  IdParams,
  KeyfobPage,
  KeyfobSchema,
  ListBody,
  SearchQuery,
  StationOption,
  UpdateBody,
  UserRef,
  UuidParams,
} from './keyfobs.schemas';

const ACCESS = 'fleet:key-hangers';
const tags = ['Key hangers'];
const notFound = error("The RFID doesn't exist (or belongs to a company outside the scope)");
const notActive = error('The RFID is blocked or unlinked: irreversible');
const peeringUnavailable = error('The token is not available to the selected peering (not a peering of the scope)');

export const list = defineRoute(ACCESS, {
  method: 'post',
  path: '/keyfob/all',
  tags,
  summary: 'Key hangers of the selected company and its descendants, filtered and paginated (page is 0-based)',
  request: { body: jsonBody(ListBody) },
  responses: { 200: json(KeyfobPage) },
});

export const types = defineRoute(ACCESS, {
  method: 'get',
  path: '/keyfob/types',
  tags,
  summary: 'Key hanger types',
  responses: { 200: json(z.object({ data: z.array(z.object({ id: z.string(), label: z.string() })) })) },
});

export const check = defineRoute(ACCESS, {
  method: 'get',
  path: '/keyfob/check',
  tags,
  summary:
    'Validity of a UUID: exists in the scope, status, assigned user, expiry; with station_id, what OCPP Authorize would answer there now and why',
  request: { query: CheckQuery },
  responses: { 200: json(CheckSchema), 404: error('station_id is not a station the scope’s cards may be checked at') },
});

export const stationOptions = defineRoute(ACCESS, {
  method: 'get',
  path: '/keyfob/stations',
  tags,
  summary: 'Stations a card may be checked at (of the scope, or public), by uid, name or city: 20 at most',
  request: { query: SearchQuery },
  responses: { 200: json(z.object({ data: z.array(StationOption) })) },
});

export const userOptions = defineRoute(ACCESS, {
  method: 'get',
  path: '/keyfob/users',
  tags,
  summary: 'Active users of the scope a card may be assigned to, by e-mail or name: 20 at most',
  request: { query: SearchQuery },
  responses: { 200: json(z.object({ data: z.array(UserRef) })) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/keyfob/{id}',
  tags,
  summary: 'One key hanger',
  request: { params: IdParams },
  responses: { 200: json(KeyfobSchema), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/keyfob',
  tags,
  summary: 'Create a key hanger from its visual code and UUID (optionally its type, parent_id_tag and expiry)',
  request: { body: jsonBody(CreateBody) },
  responses: {
    201: json(KeyfobSchema, 'Created'),
    409: error('An RFID with this UUID already exist.'),
    422: peeringUnavailable,
  },
});

export const createFromUuid = defineRoute(ACCESS, {
  method: 'post',
  path: '/keyfob/create/uuid/{uuid}',
  tags,
  summary:
    'Create a key hanger from its UUID alone; the visual code is generated. The body (type, parent_id_tag, expiry) is optional',
  request: {
    params: UuidParams,
    body: { required: false, content: { 'application/json': { schema: CreateFromUuidBody } } },
  },
  responses: {
    201: json(KeyfobSchema, 'Created'),
    409: error('An RFID with this UUID already exist.'),
    422: peeringUnavailable,
  },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/keyfob/{id}',
  tags,
  summary:
    'Assign to a user of the scope, set the type, the parent_id_tag (group id) or the expiry (OCPP Expired from then on)',
  request: { params: IdParams, body: jsonBody(UpdateBody) },
  responses: {
    200: json(KeyfobSchema),
    404: notFound,
    409: error('Already assigned to another user, or blocked or unlinked'),
    422: peeringUnavailable,
  },
});

export const block = defineRoute(ACCESS, {
  method: 'delete',
  path: '/keyfob/{id}',
  tags,
  summary: 'Block the key hanger (irreversible)',
  request: { params: IdParams },
  responses: { 200: json(KeyfobSchema), 404: notFound, 409: notActive },
});

export const unlink = defineRoute(ACCESS, {
  method: 'delete',
  path: '/keyfob/{id}/unlink',
  tags,
  summary: 'Unlink the key hanger from its user (irreversible)',
  request: { params: IdParams },
  responses: { 200: json(KeyfobSchema), 404: notFound, 409: notActive },
});
