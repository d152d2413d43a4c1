/** @module Route declarations of the peerings API (issue 22 part 2, ADR 057), all behind 'roaming:manage'. */
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  CreateBody,
  IdParams,
  InvitationSchema,
  InviteBody,
  MessagePage,
  PageQuery,
  PeeringPage,
  PeeringSchema,
} from './peerings.schemas';

const ACCESS = 'roaming:manage';
const tags = ['Peerings'];
const notFound = error("The peering doesn't exist (or belongs to a company outside the scope)");
const conflict = error('Not possible in the peering’s current state');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/peering/list',
  tags,
  summary: 'OCPI peerings of the selected company and its descendants, newest first, paginated (page is 0-based)',
  request: { query: PageQuery },
  responses: { 200: json(PeeringPage) },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/peerings',
  tags,
  summary:
    'Adds a partner from its versions URL and the token A it issued, and registers with it at once (OCPI credentials as sender); a failed handshake is retried by the outbox and by connect',
  request: { body: jsonBody(CreateBody) },
  responses: { 201: json(PeeringSchema, 'Created, with its handshake state') },
});

export const invite = defineRoute(ACCESS, {
  method: 'post',
  path: '/peerings/invite',
  tags,
  summary: 'Adds a partner that will register with us: issues its token A, shown once with our versions URL',
  request: { body: jsonBody(InviteBody) },
  responses: { 201: json(InvitationSchema, 'Created: give the partner its token A and our versions URL') },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/peerings/{id}',
  tags,
  summary: 'One peering: handshake state, the partner roles and endpoints',
  request: { params: IdParams },
  responses: { 200: json(PeeringSchema), 404: notFound },
});

export const connect = defineRoute(ACCESS, {
  method: 'post',
  path: '/peerings/{id}/connect',
  tags,
  summary: 'Retries the handshake of a failed or pending outbound peering now, or resumes a suspended one',
  request: { params: IdParams },
  responses: { 200: json(PeeringSchema), 404: notFound, 409: conflict },
});

export const suspend = defineRoute(ACCESS, {
  method: 'post',
  path: '/peerings/{id}/suspend',
  tags,
  summary: 'Suspends a registered peering: the partner’s calls answer 401 until it is resumed (connect)',
  request: { params: IdParams },
  responses: { 200: json(PeeringSchema), 404: notFound, 409: conflict },
});

export const unregister = defineRoute(ACCESS, {
  method: 'post',
  path: '/peerings/{id}/unregister',
  tags,
  summary:
    'Ends the registration: tells the partner (DELETE credentials) and forgets both tokens; the partner’s refusal is shown as last_error',
  request: { params: IdParams },
  responses: { 200: json(PeeringSchema), 404: notFound, 409: conflict },
});

export const messages = defineRoute(ACCESS, {
  method: 'get',
  path: '/peerings/{id}/get-emp-log',
  tags,
  summary: 'The OCPI message log of a peering, newest first, paginated (bodies truncated, tokens redacted)',
  request: { params: IdParams, query: PageQuery },
  responses: { 200: json(MessagePage), 404: notFound },
});
