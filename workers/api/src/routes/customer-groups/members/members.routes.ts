/**
 * @module Customer group members (spec 7.14 `customer-type`): the search of users who may join, the
 * member list with a keyword and pages, and one member with their sessions in the group. Behind
 * 'customer-groups:manage' and the caller's company tree, as the rest of the resource.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { IdParams, MemberParams } from '../groups/groups.schemas';
import { Candidate, MemberDetail, MemberPage, MembersBody, SearchBody } from './members.schemas';

const ACCESS = 'customer-groups:manage';
const tags = ['Customer groups'];
const notFound = error('No such customer group in the caller’s company tree');

export const search = defineRoute(ACCESS, {
  method: 'post',
  path: '/customer-type/users/search',
  tags,
  summary:
    'Active users who may join the group (its company tree and linked companies) whose e-mail or name contains the keyword',
  request: { body: jsonBody(SearchBody) },
  responses: { 200: json(z.object({ data: z.array(Candidate) })), 404: notFound },
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

export const member = defineRoute(ACCESS, {
  method: 'get',
  path: '/customer-type/{id}/users/{userId}',
  tags,
  summary:
    'One member: their fields as the group’s user privacy allows, their sessions in this group (latest 50) and totals',
  request: { params: MemberParams },
  responses: { 200: json(MemberDetail), 404: error('No such customer group, or the user is not a member') },
});
