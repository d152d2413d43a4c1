/**
 * @module Route declarations of connector groups as tags (spec 7.16 `tags`): list, create, read,
 * update, delete. Reading needs 'connectors:view'; writing 'stations:edit'.
 */

import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { GroupListQuery, GroupPage, GroupWithIds, IdParams } from '../groups.schemas';
import { CreateGroupBody, UpdateGroupBody } from './tags.schemas';

const VIEW = 'connectors:view';
const EDIT = 'stations:edit';
const tags = ['Connector groups'];
const groupNotFound = error('Group id: {id} not found.');
const connectorNotFound = error('Connector id: {id} not found. (one of the ids is not a connector of the scope)');
const nameConflict = error('Another group of the company has this name');

export const list = defineRoute(VIEW, {
  method: 'get',
  path: '/tags',
  tags,
  summary: 'Connector groups of the selected company and its descendants: keyword, page (from 0), items_per_page',
  request: { query: GroupListQuery },
  responses: { 200: json(GroupPage) },
});

export const create = defineRoute(EDIT, {
  method: 'post',
  path: '/tags',
  tags,
  summary: 'Create a connector group of the selected company, optionally with its connectors',
  request: { body: jsonBody(CreateGroupBody) },
  responses: { 201: json(GroupWithIds, 'Created'), 404: connectorNotFound, 409: nameConflict },
});

export const read = defineRoute(VIEW, {
  method: 'get',
  path: '/tags/{id}',
  tags,
  summary: 'One connector group with the ids of its connectors',
  request: { params: IdParams },
  responses: { 200: json(GroupWithIds), 404: groupNotFound },
});

export const update = defineRoute(EDIT, {
  method: 'put',
  path: '/tags/{id}',
  tags,
  summary: 'Rename, describe, or change the connectors (replace the set, or add and remove ids)',
  request: { params: IdParams, body: jsonBody(UpdateGroupBody) },
  responses: { 200: json(GroupWithIds), 404: groupNotFound, 409: nameConflict },
});

export const remove = defineRoute(EDIT, {
  method: 'delete',
  path: '/tags/{id}',
  tags,
  summary: 'Delete the group (its connectors stay, they only leave the group)',
  request: { params: IdParams },
  responses: { 200: json(z.object({ deleted: z.number() })), 404: groupNotFound },
});
