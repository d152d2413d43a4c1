/** @module Route declarations of the corporate groups API (spec 7.8 users/group). */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { AddUsersBody, CreateBody, GroupParams, GroupSchema, UpdateBody } from './corporate-groups.schemas';

const tags = ['Corporate groups'];
const notFound = error('Corporate group id: {id} not found.');

export const listGroups = defineRoute('fleet:view', {
  method: 'get',
  path: '/users/group',
  tags,
  summary: 'Corporate groups of the selected company and its descendants, with their active user counts',
  responses: { 200: json(z.object({ data: z.array(GroupSchema) })) },
});

export const groupDetail = defineRoute('fleet:view', {
  method: 'get',
  path: '/users/group/{groupId}',
  tags,
  summary: 'One corporate group',
  request: { params: GroupParams },
  responses: { 200: json(GroupSchema), 404: notFound },
});

export const createGroup = defineRoute('fleet:users:manage', {
  method: 'post',
  path: '/users/group',
  tags,
  summary: 'Create a corporate group in the selected company (or a descendant)',
  request: { body: jsonBody(CreateBody) },
  responses: { 201: json(GroupSchema, 'Created') },
});

export const updateGroup = defineRoute('fleet:users:manage', {
  method: 'put',
  path: '/users/group/{groupId}',
  tags,
  summary: 'Rename a corporate group',
  request: { params: GroupParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(GroupSchema), 404: notFound },
});

export const deleteGroup = defineRoute('fleet:users:manage', {
  method: 'delete',
  path: '/users/group/{groupId}',
  tags,
  summary: 'Delete an empty corporate group (a group with users answers 409)',
  request: { params: GroupParams },
  responses: { 200: json(z.object({ id: z.number() })), 404: notFound, 409: error('The group still has users') },
});

export const addUsers = defineRoute('fleet:users:manage', {
  method: 'put',
  path: '/users/group/{groupId}/users',
  tags,
  summary: 'Put users of the scope in this corporate group (each leaves its previous group)',
  request: { params: GroupParams, body: jsonBody(AddUsersBody) },
  responses: { 200: json(GroupSchema), 404: error('Group or user not found') },
});
