/**
 * @module Customer groups API (spec 7.14 `customer-type`, "customer group data"): list, create, read,
 * update, delete (deactivate, refused while tariffs or users still refer to the group) and reactivate, membership, and the group's session list. All behind
 * 'customer-groups:manage' and the caller's company tree.
 */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { listResponses } from '../sessions/list/list.routes';
import { SessionFilters } from '../sessions/list/list.schemas';

const ACCESS = 'customer-groups:manage';
const tags = ['Customer groups'];
const notFound = error('No such customer group in the caller’s company tree');

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 3 });
export const IdParams = z.object({ id: id('id') });
export const MemberParams = z.object({ id: id('id'), userId: id('userId') });

export const CustomerGroupSchema = z
  .object({
    id: z.number(),
    company_id: z.number(),
    name: z.string(),
    /** Minor units excluding VAT; null = no cap. */
    max_price_excl_vat: z.number().nullable(),
    hide_roaming: z.boolean(),
    disable_payment: z.boolean(),
    user_privacy: z.boolean(),
    automatic_private: z.boolean(),
    linked_company_ids: z.array(z.number()),
    members: z.number(),
    active: z.boolean(),
  })
  .openapi('CustomerGroup');

export const CreateBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  max_price_excl_vat: z.number().int().min(0).nullable().default(null),
  hide_roaming: z.boolean().default(false),
  disable_payment: z.boolean().default(false),
  user_privacy: z.boolean().default(false),
  automatic_private: z.boolean().default(false),
  linked_company_ids: z.array(z.number().int().positive()).max(50).default([]),
});

export const ListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  items_per_page: z.coerce.number().int().min(1).max(100).default(25),
  include_deleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

const Page = z.object({
  data: z.array(CustomerGroupSchema),
  total: z.number(),
  page: z.number(),
  items_per_page: z.number(),
});
const One = z.object({ data: CustomerGroupSchema });

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
