/**
 * @module Route declarations of the API keys API (issue 20 part 6, ADR 047), all behind
 * 'company:api-keys', which no key can hold: a key never lists, creates, rotates or revokes keys.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { ApiKeyPage, ApiKeyWithSecret, CreateBody, GrantableSchema, IdParams, ListQuery } from './api-keys.schemas';

const ACCESS = 'company:api-keys';
const tags = ['API keys'];
const notFound = error('No such key in the scope (or already revoked: 409)');

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/api-keys',
  tags,
  summary: 'Keys of the selected company and its descendants, newest first, with their usage (page is 0-based)',
  request: { query: ListQuery },
  responses: { 200: json(ApiKeyPage) },
});

export const grantable = defineRoute(ACCESS, {
  method: 'get',
  path: '/api-keys/permissions',
  tags,
  summary: 'Permissions the caller may put on a key: those they hold, except key management',
  responses: { 200: json(GrantableSchema) },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/api-keys',
  tags,
  summary: 'Create a key: read-only or a permission list; the secret is in this answer only',
  request: { body: jsonBody(CreateBody) },
  responses: { 201: json(ApiKeyWithSecret, 'Created; `secret` is never shown again') },
});

export const rotate = defineRoute(ACCESS, {
  method: 'post',
  path: '/api-keys/{id}/rotate',
  tags,
  summary: 'A new secret for the key; the old one stops at once. The secret is in this answer only',
  request: { params: IdParams },
  responses: { 200: json(ApiKeyWithSecret), 404: notFound, 409: error('The key is revoked') },
});

export const revoke = defineRoute(ACCESS, {
  method: 'delete',
  path: '/api-keys/{id}',
  tags,
  summary: 'Revoke the key: final',
  request: { params: IdParams },
  responses: { 200: json(ApiKeyWithSecret.shape.key), 404: notFound, 409: error('The key is already revoked') },
});
