/** @module Route declarations of one fleet user: the wizard (options, create, update), detail, limits and lifecycle (spec 7.8). */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { DeleteQuery, LimitsSchema, UserIdParams, UserSchema } from '../users.schemas';
import {
  CreateUserBody,
  LimitsBody,
  MoveBody,
  UpdateUserBody,
  UserDetailSchema,
  WizardOptionsSchema,
} from './account.schemas';

const VIEW = 'fleet:view';
const MANAGE = 'fleet:users:manage';
const tags = ['Fleet users'];
const notFound = error('User not found (or of a company outside the scope)');
const conflict = error('E-mail taken, or the user is not in the state the action needs');

export const wizardOptions = defineRoute(MANAGE, {
  method: 'get',
  path: '/users/wizard-options',
  tags,
  summary:
    "What the user wizard offers the caller: corporate groups, free cards, grantable roles, the company's plate and limit rules, whether the caller may change charging permissions",
  responses: { 200: json(WizardOptionsSchema) },
});

export const create = defineRoute(MANAGE, {
  method: 'post',
  path: '/users/create',
  tags,
  summary: 'Create a fleet user with the data of the wizard',
  request: { body: jsonBody(CreateUserBody) },
  responses: {
    201: json(UserSchema, 'Created'),
    404: error('Corporate group or card not found'),
    409: error('E-mail taken, or the company is closed'),
  },
});

export const detail = defineRoute(VIEW, {
  method: 'get',
  path: '/users/{userId}',
  tags,
  summary: 'One fleet user with consumption against each limit',
  request: { params: UserIdParams },
  responses: { 200: json(UserDetailSchema), 404: notFound },
});

export const update = defineRoute(MANAGE, {
  method: 'put',
  path: '/users/{userId}',
  tags,
  summary: 'Update a fleet user (the wizard in update mode); only the fields sent change',
  request: { params: UserIdParams, body: jsonBody(UpdateUserBody) },
  responses: { 200: json(UserSchema), 404: notFound, 409: conflict },
});

export const remove = defineRoute(MANAGE, {
  method: 'delete',
  path: '/users/{userId}',
  tags,
  summary:
    'Delete (soft); with permanent=true and confirm=true, permanently delete an already deleted user (sessions keep their snapshot fields)',
  request: { params: UserIdParams, query: DeleteQuery },
  responses: { 200: json(z.object({ id: z.number(), state: z.string() })), 404: notFound, 409: conflict },
});

export const restore = defineRoute(MANAGE, {
  method: 'put',
  path: '/users/{userId}/restore',
  tags,
  summary: 'Restore a deleted user',
  request: { params: UserIdParams },
  responses: { 200: json(UserSchema), 404: notFound, 409: conflict },
});

export const removeFromCompany = defineRoute(MANAGE, {
  method: 'put',
  path: '/users/{userId}/remove',
  tags,
  summary:
    "Remove from the company: groups, charging permissions, limits and back-office roles are cleared; the account and its cards' history stay",
  request: { params: UserIdParams },
  responses: { 200: json(UserSchema), 404: notFound, 409: conflict },
});

export const move = defineRoute(MANAGE, {
  method: 'put',
  path: '/users/{userId}/move',
  tags,
  summary: 'Move to another company of the scope; its cards follow, company groups are cleared',
  request: { params: UserIdParams, body: jsonBody(MoveBody) },
  responses: { 200: json(UserSchema), 404: notFound, 409: error('The target company is closed') },
});

export const setLimits = defineRoute('fleet:limits', {
  method: 'post',
  path: '/users/{userId}/limit',
  tags,
  summary: 'Daily, weekly and monthly limits in the company unit (kWh or currency); zero removes a limit',
  request: { params: UserIdParams, body: jsonBody(LimitsBody) },
  responses: { 200: json(LimitsSchema), 404: notFound },
});
