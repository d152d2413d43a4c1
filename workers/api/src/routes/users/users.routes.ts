/** @module Route declarations of the fleet users API (spec 7.8, 7.18 users-permission). */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  CountSchema,
  CreateUserBody,
  DeleteQuery,
  LimitsBody,
  LimitsSchema,
  ListBody,
  MoveBody,
  PermissionCountsSchema,
  UpdateUserBody,
  UserDetailSchema,
  UserIdParams,
  UserPage,
  UserSchema,
} from './users.schemas';

const VIEW = 'fleet:view';
const MANAGE = 'fleet:users:manage';
const tags = ['Fleet users'];
const notFound = error('User not found (or of a company outside the scope)');
const conflict = error('E-mail taken, or the user is not in the state the action needs');

export const list = defineRoute(VIEW, {
  method: 'post',
  path: '/users',
  tags,
  summary:
    'Fleet users of the selected company and its descendants, with session count and status (charging or idle); page is 0-based',
  request: { body: jsonBody(ListBody) },
  responses: { 200: json(UserPage) },
});

export const exportCsv = defineRoute('fleet:users:export', {
  method: 'post',
  path: '/users/export',
  tags,
  summary: 'The filtered list as CSV (at most 10,000 rows) with personal data: fleet managers and administrators only',
  request: { body: jsonBody(ListBody.partial()) },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
});

export const counts = defineRoute(VIEW, {
  method: 'get',
  path: '/users/count',
  tags,
  summary: 'Counts for the fleet overview: users, deleted, charging, idle, near a limit',
  responses: { 200: json(CountSchema) },
});

export const nearLimits = defineRoute(VIEW, {
  method: 'get',
  path: '/users/near-limits',
  tags,
  summary: 'Users who used 80% or more of a kWh limit in the current period',
  responses: {
    200: json(
      z.object({
        data: z.array(
          z.object({
            id: z.number(),
            email: z.string(),
            first_name: z.string().nullable(),
            last_name: z.string().nullable(),
            ratio: z.number(),
            usage: z.array(
              z.object({ period: z.string(), limit: z.number().nullable(), used: z.number(), unit: z.string() }),
            ),
          }),
        ),
      }),
    ),
  },
});

export const permissions = defineRoute(VIEW, {
  method: 'get',
  path: '/users-permission',
  tags,
  summary: 'How many active users hold each charging permission (dashboard)',
  responses: { 200: json(PermissionCountsSchema) },
});

export const wizardOptions = defineRoute(MANAGE, {
  method: 'get',
  path: '/users/wizard-options',
  tags,
  summary:
    "What the user wizard offers the caller: corporate groups, free cards, grantable roles, the company's plate and limit rules, whether the caller may change charging permissions",
  responses: {
    200: json(
      z.object({
        corporate_groups: z.array(z.object({ id: z.number(), name: z.string() })),
        free_cards: z.array(z.object({ id: z.number(), uuid: z.string(), key_hanger_code: z.string() })),
        grantable_roles: z.array(z.number()),
        permission_updates_disabled: z.boolean(),
        mandatory_license_plate: z.boolean(),
        limit_unit: z.enum(['kwh', 'currency']),
        currency: z.string(),
        can_set_limits: z.boolean(),
        group_labels: z.array(z.string()),
      }),
    ),
  },
});

export const create = defineRoute(MANAGE, {
  method: 'post',
  path: '/users/create',
  tags,
  summary: 'Create a fleet user with the data of the wizard',
  request: { body: jsonBody(CreateUserBody) },
  responses: { 201: json(UserSchema, 'Created'), 404: error('Corporate group or card not found'), 409: conflict },
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
  responses: { 200: json(UserSchema), 404: notFound },
});

export const setLimits = defineRoute('fleet:limits', {
  method: 'post',
  path: '/users/{userId}/limit',
  tags,
  summary: 'Daily, weekly and monthly limits in the company unit (kWh or currency); zero removes a limit',
  request: { params: UserIdParams, body: jsonBody(LimitsBody) },
  responses: { 200: json(LimitsSchema), 404: notFound },
});
