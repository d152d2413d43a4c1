/**
 * @module Route declarations of a connector group's pages (spec 7.16 `groups`, 7.18
 * `tags/{id}/total-local-stats`): the list, one group with a page of its connectors, its sessions and
 * their totals. All need 'connectors:view'.
 */

import { defineRoute, errorResponse as error, json } from '@api/lib/route';
import { GroupListQuery, GroupPage, IdParams } from '../groups.schemas';
import {
  GroupDetail,
  GroupDetailQuery,
  GroupSessionPage,
  GroupTotals,
  SessionsQuery,
} from './connector-groups.schemas';

const VIEW = 'connectors:view';
const tags = ['Connector groups'];
const groupNotFound = error('Group id: {id} not found.');

export const list = defineRoute(VIEW, {
  method: 'get',
  path: '/groups',
  tags,
  summary: 'Connector groups of the selected company and its descendants: keyword, page (from 0), items_per_page',
  request: { query: GroupListQuery },
  responses: { 200: json(GroupPage) },
});

export const detail = defineRoute(VIEW, {
  method: 'get',
  path: '/groups/{id}',
  tags,
  summary: "The group and one page of its connectors (the connector list's rows)",
  request: { params: IdParams, query: GroupDetailQuery },
  responses: { 200: json(GroupDetail), 404: groupNotFound },
});

export const sessions = defineRoute(VIEW, {
  method: 'get',
  path: '/groups/{id}/sessions',
  tags,
  summary: "Sessions recorded on the group's connectors, newest first, paginated from page 0",
  request: { params: IdParams, query: SessionsQuery },
  responses: { 200: json(GroupSessionPage), 404: groupNotFound },
});

/** The totals, under the group's path and under the tag's (spec 7.18) alike. */
export const totals = (path: '/groups/{id}/totals' | '/tags/{id}/total-local-stats') =>
  defineRoute(VIEW, {
    method: 'get',
    path,
    tags,
    summary: "Totals of the group's sessions: connectors, sessions, energy, charging time, first and last",
    request: { params: IdParams },
    responses: { 200: json(GroupTotals), 404: groupNotFound },
  });
