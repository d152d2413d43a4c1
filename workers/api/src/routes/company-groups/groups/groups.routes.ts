/**
 * @module Company groups (spec 7.20; issue 20 part 4): list, the tree, labels, each user's picked
 * levels, and create, rename, delete. All behind 'company-groups:manage' (roles 37, 46, 50, 51 with
 * service setting 44) and the caller's company tree.
 */

import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { GroupLabelsBody } from '@api/routes/company-settings/company-settings.schemas';
import {
  CreateBody,
  IdParams,
  LabelsSchema,
  ListQuery,
  One,
  Page,
  RecursiveSchema,
  SelectionBody,
  SelectionSchema,
  UpdateBody,
} from './groups.schemas';

const ACCESS = 'company-groups:manage';
const tags = ['Company groups'];
const notFound = error('No such company group in the caller’s company tree');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/company-groups',
  tags,
  summary: 'Company groups of the caller’s tree by level and name, filtered and paginated (page is 0-based)',
  request: { query: ListQuery },
  responses: { 200: json(Page) },
});

export const recursive = defineRoute(ACCESS, {
  method: 'get',
  path: '/company-groups/recursive',
  tags,
  summary: 'The groups of every company of the caller’s tree, nested level 1 → 4, with their station and user counts',
  responses: { 200: json(RecursiveSchema) },
});

export const labels = defineRoute(ACCESS, {
  method: 'get',
  path: '/company-groups/labels',
  tags,
  summary: 'The four level labels of the selected company',
  responses: { 200: json(LabelsSchema) },
});

export const putLabels = defineRoute(ACCESS, {
  method: 'put',
  path: '/company-groups/labels',
  tags,
  summary: 'Rename the four levels of the selected company (1–40 characters each)',
  request: { body: jsonBody(GroupLabelsBody) },
  responses: { 200: json(LabelsSchema) },
});

export const selection = defineRoute(ACCESS, {
  method: 'get',
  path: '/company-groups/user',
  tags,
  summary: 'The groups the caller last picked at each level (kept per user, not per browser)',
  responses: { 200: json(SelectionSchema) },
});

export const putSelection = defineRoute(ACCESS, {
  method: 'put',
  path: '/company-groups/user',
  tags,
  summary: 'Keep the groups picked at each level: each of its level, each under the one picked above it',
  request: { body: jsonBody(SelectionBody) },
  responses: { 200: json(SelectionSchema) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/company-groups/{id}',
  tags,
  summary: 'One company group with its path and counts',
  request: { params: IdParams },
  responses: { 200: json(One), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/company-groups',
  tags,
  summary: 'Create a group: level 1 without parent, level n under a level n - 1 group of the same company',
  request: { body: jsonBody(CreateBody) },
  responses: {
    201: json(One, 'Created'),
    404: error('The company or the parent group is outside the caller’s tree'),
    409: error('The name is already used under the same parent'),
  },
});

export const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/company-groups/{id}',
  tags,
  summary: 'Rename a group',
  request: { params: IdParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(One), 404: notFound, 409: error('The name is already used under the same parent') },
});

export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/company-groups/{id}',
  tags,
  summary:
    'Delete a group without sub-groups: its stations and users leave it (and keep the levels above); refused while it has sub-groups',
  request: { params: IdParams },
  responses: { 200: json(One), 404: notFound, 409: error('The group still has sub-groups') },
});
