/**
 * @module Customer group members and overview (spec 7.14 `customer-type`): the member list with a
 * keyword and pages, the search of users who may join, one member with their sessions in the group,
 * and the year overview. Behind 'customer-groups:manage' and the caller's company tree, as the rest
 * of the resource.
 */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { IdParams, MemberParams } from './customer-groups.routes';

const ACCESS = 'customer-groups:manage';
const tags = ['Customer groups'];
const notFound = error('No such customer group in the caller’s company tree');

const Keyword = z.string().trim().max(100).optional();

export const MembersBody = z.strictObject({
  keyword: Keyword,
  page: z.number().int().min(0).default(0),
  items_per_page: z.number().int().min(1).max(100).default(25),
});

export const SearchBody = z.strictObject({
  /** The group the user would join: its linked companies widen the search. */
  customer_group_id: z.number().int().positive(),
  keyword: z.string().trim().min(1).max(100),
  limit: z.number().int().min(1).max(50).default(20),
});

const thisYear = () => new Date().getUTCFullYear();
export const OverviewQuery = z.object({
  year: z.coerce
    .number()
    .int()
    .min(2000)
    .max(2100)
    .default(() => thisYear()),
  /** The spec sends the group id again; when given it must be the path's. */
  userGroupId: z.coerce.number().int().positive().optional(),
});

/** Identity fields are null when the group's user privacy is on (`private: true`). */
const Member = z.object({
  user_id: z.number(),
  private: z.boolean(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_id: z.number(),
  status: z.string(),
  added_at: z.string(),
});

const MemberPage = z.object({
  data: z.array(Member),
  total: z.number(),
  page: z.number(),
  items_per_page: z.number(),
});

const Candidate = z.object({
  user_id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The group the user is in now, if any: adding moves them. */
  customer_group_id: z.number().nullable(),
});

const MemberSession = z.object({
  id: z.number(),
  cdr_start: z.string(),
  cdr_end: z.string().nullable(),
  station_name: z.string().nullable(),
  status: z.string(),
  energy_wh: z.number().nullable(),
  amount_incl_vat: z.number().nullable(),
  pricing_status: z.string(),
});

const MemberDetail = z.object({
  data: Member.extend({
    telephone: z.string().nullable(),
    totals: z.object({
      sessions: z.number(),
      energy_wh: z.number(),
      amount_incl_vat: z.number().nullable(),
      amount_excl_vat: z.number().nullable(),
      unpriced: z.number(),
    }),
    /** The latest 50 sessions in this group. */
    sessions: z.array(MemberSession),
  }),
});

const Month = z.object({
  month: z.number(),
  sessions: z.number(),
  unpriced: z.number(),
  energy_wh: z.number(),
  amount_incl_vat: z.number().nullable(),
  amount_excl_vat: z.number().nullable(),
  members: z.number().openapi({
    description: 'Users who were members at any time in the month (membership history); 0 before the month begins.',
  }),
  drivers: z.number(),
  new_members: z.number(),
});

const Overview = z.object({
  data: z.object({ year: z.number(), members: z.number(), currency: z.string(), months: z.array(Month) }),
});

export const overview = defineRoute(ACCESS, {
  method: 'get',
  path: '/customer-type/{id}/overview',
  tags,
  summary:
    'Per month of the year (CET): sessions, energy and provider amounts of the group’s sessions, members who charged and members who joined',
  request: { params: IdParams, query: OverviewQuery },
  responses: { 200: json(Overview), 404: notFound },
});

export const members = defineRoute(ACCESS, {
  method: 'post',
  path: '/customer-type/{id}/users',
  tags,
  summary:
    'Members of the customer group, by e-mail, paginated (page is 0-based); the keyword matches e-mail and names, or only the user id when the group’s user privacy is on',
  request: { params: IdParams, body: jsonBody(MembersBody) },
  responses: { 200: json(MemberPage), 404: notFound },
});

export const search = defineRoute(ACCESS, {
  method: 'post',
  path: '/customer-type/users/search',
  tags,
  summary:
    'Active users who may join the group (its company tree and linked companies) whose e-mail or name contains the keyword',
  request: { body: jsonBody(SearchBody) },
  responses: { 200: json(z.object({ data: z.array(Candidate) })), 404: notFound },
});

export const member = defineRoute(ACCESS, {
  method: 'get',
  path: '/customer-type/{id}/users/{userId}',
  tags,
  summary:
    'One member: their fields as the group’s user privacy allows, their sessions in this group (latest 50) and totals',
  request: { params: MemberParams },
  responses: { 200: json(MemberDetail), 404: error('No such customer group, or the user is not a member') },
});
