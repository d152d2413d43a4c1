/**
 * @module Customer groups API (spec 7.14 `customer-type`, "customer group data"): list, create, read,
 * update, delete (deactivate, refused while tariffs or users still refer to the group) and reactivate, membership, and the group's session list. All behind
 * 'customer-groups:manage' and the caller's company tree.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { listResponses } from '@api/routes/sessions/list/list.routes';
import { SessionFilters } from '@api/routes/sessions/list/list.schemas';
import { CreateBody, IdParams, ListQuery, MemberParams, One, Page } from './groups.schemas';

const ACCESS = 'customer-groups:manage';
const tags = ['Customer groups'];
const notFound = error('No such customer group in the caller’s company tree');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/customer-type',
  tags,
  summary: 'Customer groups of the company tree, paginated (page is 0-based); deleted ones only when asked',
  request: { query: ListQuery },
  responses: { 200: json(Page) },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/customer-type',
  tags,
  summary: 'Create a customer group of the selected company',
  request: { body: jsonBody(CreateBody) },
  responses: {
    201: json(One, 'Created'),
    404: error('A linked company is outside the caller’s company tree'),
    409: error('The name is already used in this company'),
  },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/customer-type/{id}',
  tags,
  summary: 'One customer group',
  request: { params: IdParams },
  responses: { 200: json(One), 404: notFound },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/customer-type/{id}',
  tags,
  summary:
    'Replace a customer group’s data (name, max price, flags, linked companies); sessions already priced keep their prices',
  request: { params: IdParams, body: jsonBody(CreateBody) },
  responses: {
    200: json(One),
    404: error('No such customer group, or a linked company outside the caller’s company tree'),
    409: error('The name is already used in this company'),
  },
});

export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/customer-type/{id}',
  tags,
  summary:
    'Deactivate a customer group; refused (409 CUSTOMER_GROUP_IN_USE) while tariffs name it or users are members. It can be reactivated',
  request: { params: IdParams },
  responses: {
    200: json(One),
    404: notFound,
    409: error('Tariffs or users still refer to the group'),
  },
});

export const reactivate = defineRoute(ACCESS, {
  method: 'patch',
  path: '/customer-type/{id}',
  tags,
  summary: 'Reactivate a deleted customer group',
  request: { params: IdParams },
  responses: { 200: json(One), 404: notFound },
});

export const addMember = defineRoute(ACCESS, {
  method: 'put',
  path: '/customer-type/{id}/users/{userId}',
  tags,
  summary:
    'Make a user of the company tree or of a linked company a member (a user is in one group at most: this moves them). Sessions started from now on carry the group.',
  request: { params: MemberParams },
  responses: { 200: json(One), 404: error('No such customer group or user in scope') },
});

export const removeMember = defineRoute(ACCESS, {
  method: 'delete',
  path: '/customer-type/{id}/users/{userId}',
  tags,
  summary: 'Remove a member; sessions already started keep the group they started with',
  request: { params: MemberParams },
  responses: { 200: json(One), 404: error('No such customer group, or the user is not a member') },
});

export const sessions = defineRoute(ACCESS, {
  method: 'post',
  path: '/customer-type/{id}/sessions',
  tags,
  summary:
    'Sessions started by members of the customer group (the group is snapshotted at start), in the e-mobility provider variant; filters, sums, pagination and exports as the other session lists',
  request: { params: IdParams, body: jsonBody(SessionFilters) },
  responses: { ...listResponses, 404: notFound },
});
