/**
 * @module Route declarations of bulk connector-group changes (`groups/{id}/bulk`): at once, or as a
 * job applied chunk by chunk. All need 'stations:edit'.
 */

import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { IdParams } from '../groups.schemas';
import { BulkChunkParams, BulkChunkResult, BulkJob, BulkMembersBody, BulkMembersResult } from './bulk.schemas';

const EDIT = 'stations:edit';
const tags = ['Connector groups'];
const groupNotFound = error('Group id: {id} not found.');
const tooMany = error('{count} connectors match the filter, more than 50,000: narrow it');

export const bulk = defineRoute(EDIT, {
  method: 'post',
  path: '/groups/{id}/bulk',
  tags,
  summary:
    'Add (action "add") or remove (action "remove") up to 500 connectors of the scope at once, or every connector a connector-list `filter` matches in the scope (at most 50,000); answers how many changed and how many already were (or were not) members',
  request: { params: IdParams, body: jsonBody(BulkMembersBody) },
  responses: { 200: json(BulkMembersResult), 404: groupNotFound, 422: tooMany },
});

export const bulkJob = defineRoute(EDIT, {
  method: 'post',
  path: '/groups/{id}/bulk/jobs',
  tags,
  summary:
    'Resolve a bulk change once (the same body as `/groups/{id}/bulk`: up to 500 ids, or a connector-list filter matching at most 50,000 connectors of the scope) into a job of fixed ids, applied afterwards chunk by chunk; nothing changes yet',
  request: { params: IdParams, body: jsonBody(BulkMembersBody) },
  responses: { 201: json(BulkJob), 404: groupNotFound, 422: tooMany },
});

export const bulkChunk = defineRoute(EDIT, {
  method: 'post',
  path: '/groups/{id}/bulk/jobs/{job}/chunks/{index}',
  tags,
  summary:
    "Apply chunk `index` (0-based, 1,000 ids each) of the caller's own bulk job: idempotent, so a failed or unknown outcome may be retried; connectors no longer in the scope are skipped",
  request: { params: BulkChunkParams },
  responses: {
    200: json(BulkChunkResult),
    404: error('Group id: {id} not found. / This bulk change (job {job}) is not found or has expired'),
  },
});
