/**
 * @module Bulk connector-group changes: resolve the ids a body covers (a selection, or what a
 * connector-list filter matches in the scope), then add or remove them at once or record a job whose
 * chunks are applied one by one. Gather (store) → decide (`bulkChange`) → write (store).
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import type { Db } from '@db/db';
import { MAX_BULK_FILTER_MATCHES, tooManyToChange } from '@domain/groups/bulk-limits';
import { type BulkAction, bulkChange } from '@domain/groups/bulk-membership';
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { findGroup, firstMissingConnector } from '../groups.store';
import { bulk, bulkChunk, bulkJob } from './bulk.routes';
import type { BulkMembersBody } from './bulk.schemas';
import {
  BULK_CHUNK,
  chunkIds,
  countMatching,
  createJob,
  findJob,
  inScopeNow,
  matchingIds,
  membersOf,
  writeBulk,
} from './bulk.store';

type Ctx = Context<AppEnv>;
type Group = { id: number; companyId: number };

const notFound = (c: Context, id: number) => apiError(c, 404, 'GROUP_NOT_FOUND', 'groupNotFound', { params: { id } });

/**
 * The ids a bulk body covers: the selected ids (404 if one is not a connector of the scope), or what
 * the list's filter matches in the scope (422 `BULK_TOO_MANY` above the cap). A Response on refusal.
 */
async function resolveBulk(c: Ctx, scope: number[], body: z.output<typeof BulkMembersBody>) {
  const db = c.get('db');
  if (body.filter) {
    const matched = await countMatching(db, scope, body.filter);
    if (tooManyToChange(matched)) {
      return apiError(c, 422, 'BULK_TOO_MANY', 'bulkTooMany', {
        params: { count: matched, max: MAX_BULK_FILTER_MATCHES },
      });
    }
    return matchingIds(db, scope, body.filter);
  }
  const ids = [...new Set(body.connector_ids)];
  const missing = await firstMissingConnector(db, scope, ids);
  return missing === undefined
    ? ids
    : apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id: missing } });
}

/** A bulk request's group (404 outside the scope) and the ids its body covers; a Response on refusal. */
async function bulkRequest(c: Ctx, id: number, body: z.output<typeof BulkMembersBody>) {
  const db = c.get('db');
  const { user } = authOf(c);
  const scope = await callerScope(c);
  const group = await findGroup(db, scope, id);
  if (!group) return notFound(c, id);
  const ids = await resolveBulk(c, scope, body);
  return ids instanceof Response ? ids : { db, user, scope, group, ids };
}

/**
 * Adds or removes `ids` (connectors of the scope, already checked): reads which are members, lets
 * `bulkChange` say which change, writes them with one audit row. Answers the counts.
 */
async function applyBulk(
  db: Db,
  group: Group,
  action: BulkAction,
  ids: readonly number[],
  actorUserId: number,
  byFilter: boolean,
  job?: { id: number; chunk: number },
) {
  const unique = [...new Set(ids)];
  const { changing, counts } = bulkChange(action, unique, await membersOf(db, group.id, unique));
  if (changing.length > 0) {
    await writeBulk(db, group, action, changing, actorUserId, {
      [action === 'add' ? 'added' : 'removed']: changing.length,
      requested: unique.length,
      ...(byFilter ? { byFilter: true } : {}),
      ...(job ? { job: job.id, chunk: job.chunk } : {}),
    });
  }
  return counts;
}

/**
 * Applies chunk `index` of a job: idempotent (running it again counts the connectors as already
 * members, or as not members). Connectors no longer in the caller's scope are left alone and counted
 * as `skipped`.
 */
async function applyJobChunk(
  db: Db,
  scope: number[],
  group: Group,
  job: { id: number; action: BulkAction; byFilter: boolean },
  index: number,
  actorUserId: number,
) {
  const ids = await chunkIds(db, job.id, index);
  const present = await inScopeNow(db, scope, ids);
  const counts = await applyBulk(db, group, job.action, present, actorUserId, job.byFilter, {
    id: job.id,
    chunk: index,
  });
  return { ...counts, requested: ids.length, skipped: ids.length - present.length };
}

export const bulkRoutes = new OpenAPIHono<AppEnv>()
  .openapi(bulk, async (c) => {
    const { id } = c.req.valid('param');
    const { action, filter } = c.req.valid('json');
    const req = await bulkRequest(c, id, c.req.valid('json'));
    if (req instanceof Response) return req;
    const { db, user, scope, group, ids: resolved } = req;
    const counts = await applyBulk(db, group, action, resolved, user.id, filter !== undefined);
    const after = await findGroup(db, scope, id);
    return c.json(
      {
        group_id: id,
        action,
        ...counts,
        ...(filter ? { matched: resolved.length } : {}),
        connector_count: after?.connectorCount ?? group.connectorCount,
      },
      200,
    );
  })
  .openapi(bulkJob, async (c) => {
    const { id } = c.req.valid('param');
    const { action, filter } = c.req.valid('json');
    const req = await bulkRequest(c, id, c.req.valid('json'));
    if (req instanceof Response) return req;
    const { db, user, group, ids: resolved } = req;
    const job = await createJob(db, group, user.id, action, resolved, filter !== undefined);
    return c.json(
      {
        job_id: job.id,
        group_id: id,
        action,
        total: job.total,
        chunk_size: BULK_CHUNK,
        chunks: Math.ceil(job.total / BULK_CHUNK),
      },
      201,
    );
  })
  .openapi(bulkChunk, async (c) => {
    const { id, job: jobId, index } = c.req.valid('param');
    const db = c.get('db');
    const { user } = authOf(c);
    const scope = await callerScope(c);
    const group = await findGroup(db, scope, id);
    if (!group) return notFound(c, id);
    const job = await findJob(db, id, user.id, jobId);
    if (!job) return apiError(c, 404, 'BULK_JOB_NOT_FOUND', 'bulkJobNotFound', { params: { job: jobId } });
    const counts = await applyJobChunk(db, scope, group, job, index, user.id);
    const after = await findGroup(db, scope, id);
    return c.json(
      {
        group_id: id,
        action: job.action,
        job_id: job.id,
        index,
        ...counts,
        connector_count: after?.connectorCount ?? group.connectorCount,
      },
      200,
    );
  });
