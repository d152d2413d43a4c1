/** @module Route declarations of the back-office users (spec 7.7) and of GET /roles. */

import { pageOf } from '@api/lib/pagination';
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { DeleteQuery, UserIdParams } from '@api/routes/users/users.schemas';
import { z } from '@hono/zod-openapi';
import { AddBody, AddRolesBody, BackofficeUser, ListBody, UpdateBody } from './backoffice.schemas';

const ACCESS = 'backoffice-users:manage';
const tags = ['Back-office users'];
const notFound = error('User not found (or of a company outside the scope)');
const conflict = error('E-mail taken, or the user is not in the state the action needs');

export const list = defineRoute(ACCESS, {
  method: 'post',
  path: '/backoffice',
  tags,
  summary: 'Back-office users of the scope (users holding at least one role)',
  request: { body: jsonBody(ListBody) },
  responses: {
    200: json(pageOf(BackofficeUser)),
  },
});
export const add = defineRoute(ACCESS, {
  method: 'post',
  path: '/backoffice/add',
  tags,
  summary: 'Create a back-office user with roles',
  request: { body: jsonBody(AddBody) },
  responses: { 201: json(BackofficeUser, 'Created'), 409: error('E-mail taken, or the company is closed') },
});
export const addRoles = defineRoute(ACCESS, {
  method: 'post',
  path: '/backoffice/{userId}/add',
  tags,
  summary: 'Give back-office roles to an existing user of the scope',
  request: { params: UserIdParams, body: jsonBody(AddRolesBody) },
  responses: { 200: json(BackofficeUser), 404: notFound, 409: conflict },
});
export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/backoffice/{userId}',
  tags,
  summary: 'One back-office user',
  request: { params: UserIdParams },
  responses: { 200: json(BackofficeUser), 404: notFound },
});
export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/backoffice/{userId}',
  tags,
  summary: 'Update a back-office user; roles sent replace the current ones (effective at next login)',
  request: { params: UserIdParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(BackofficeUser), 404: notFound, 409: conflict },
});
export const removeRoles = defineRoute(ACCESS, {
  method: 'put',
  path: '/backoffice/{userId}/remove',
  tags,
  summary: 'Remove from the back office: every role is taken away (the account stays)',
  request: { params: UserIdParams },
  responses: { 200: json(BackofficeUser), 404: notFound, 409: conflict },
});
export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/backoffice/{userId}',
  tags,
  summary: 'Delete (soft), or with permanent=true and confirm=true permanently delete a deleted user',
  request: { params: UserIdParams, query: DeleteQuery },
  responses: { 200: json(z.object({ id: z.number(), state: z.string() })), 404: notFound, 409: conflict },
});
export const restore = defineRoute(ACCESS, {
  method: 'put',
  path: '/backoffice/{userId}/restore',
  tags,
  summary: 'Restore a deleted back-office user',
  request: { params: UserIdParams },
  responses: { 200: json(z.any()), 404: notFound, 409: conflict },
});
export const roles = defineRoute(ACCESS, {
  method: 'get',
  path: '/roles',
  tags,
  summary: 'Back-office roles (spec section 6 ids) with their i18n keys, and which the caller may give',
  responses: {
    200: json(z.object({ data: z.array(z.object({ id: z.number(), key: z.string(), grantable: z.boolean() })) })),
  },
});
