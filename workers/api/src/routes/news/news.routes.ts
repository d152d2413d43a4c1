/**
 * @module Route declarations of the news API (issue 20 part 8, spec call `news`). Reading is open to
 * any logged-in user ('session:basic', like /me); publishing, changing and deleting need 'news:manage'.
 * Literal paths (/news/manage) come before /news/{id}.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  FeedItem,
  FeedPage,
  FeedQuery,
  IdParams,
  ManagedItem,
  ManagedPage,
  ManageQuery,
  NewsBody,
} from './news.schemas';

const READ = 'session:basic';
const MANAGE = 'news:manage';
const tags = ['News'];
const notFound = error('No such news item for the caller (or of a company outside the scope)');

export const feed = defineRoute(READ, {
  method: 'get',
  path: '/news',
  tags,
  summary: "The caller's news: of their own company, for their audience, published and not expired, newest first",
  request: { query: FeedQuery },
  responses: { 200: json(FeedPage) },
});

export const manageList = defineRoute(MANAGE, {
  method: 'get',
  path: '/news/manage',
  tags,
  summary: 'News of the selected company and its descendants, scheduled and expired included, newest first',
  request: { query: ManageQuery },
  responses: { 200: json(ManagedPage) },
});

export const create = defineRoute(MANAGE, {
  method: 'post',
  path: '/news',
  tags,
  summary: 'Publish a news item to the users of the selected company',
  request: { body: jsonBody(NewsBody) },
  responses: { 201: json(ManagedItem, 'Created') },
});

export const markRead = defineRoute(READ, {
  method: 'post',
  path: '/news/{id}/read',
  tags,
  summary: 'Mark a news item of the feed read (idempotent)',
  request: { params: IdParams },
  responses: { 200: json(FeedItem), 404: notFound },
});

export const update = defineRoute(MANAGE, {
  method: 'put',
  path: '/news/{id}',
  tags,
  summary: 'Change a news item',
  request: { params: IdParams, body: jsonBody(NewsBody) },
  responses: { 200: json(ManagedItem), 404: notFound },
});

export const remove = defineRoute(MANAGE, {
  method: 'delete',
  path: '/news/{id}',
  tags,
  summary: 'Delete a news item (it leaves every feed; kept for the audit)',
  request: { params: IdParams },
  responses: { 200: json(ManagedItem), 404: notFound },
});
