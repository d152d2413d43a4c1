/**
 * @module Connector groups (tags), spec 7.16: `tags` (list, create, read, update, delete),
 * `connectors/add-group`, `groups` (list, detail with connectors, sessions, totals) and 7.18
 * `tags/{id}/total-local-stats`. Reading needs 'connectors:view'; writing 'stations:edit'.
 */

import { connectorGroups } from '@db/schema';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { listConnectors } from '../connectors/connectors.list';
import { applyBulk, applyJobChunk, BULK_CHUNK, countMatching, createJob, findJob, matchingIds } from './groups.bulk';
import {
  AddToGroupBody,
  BulkChunkParams,
  BulkChunkResult,
  BulkJob,
  BulkMembersBody,
  BulkMembersResult,
  CreateGroupBody,
  GroupDetail,
  GroupDetailQuery,
  GroupListQuery,
  GroupPage,
  GroupSessionPage,
  GroupTotals,
  GroupWithIds,
  IdParams,
  MAX_BULK_FILTER_MATCHES,
  UpdateGroupBody,
} from './groups.schemas';
import {
  addMembers,
  clearMembers,
  findGroup,
  firstMissingConnector,
  groupSessions,
  groupTotals,
  listGroups,
  memberIds,
  nameKey,
  nameTaken,
  removeMembers,
} from './groups.store';

const VIEW = 'connectors:view';
const EDIT = 'stations:edit';
const tags = ['Connector groups'];
const groupNotFound = error('Group id: {id} not found.');
const connectorNotFound = error('Connector id: {id} not found. (one of the ids is not a connector of the scope)');
const nameConflict = error('Another group of the company has this name');

const listRoute = (path: '/tags' | '/groups') =>
  defineRoute(VIEW, {
    method: 'get',
    path,
    tags,
    summary: 'Connector groups of the selected company and its descendants: keyword, page (from 0), items_per_page',
    request: { query: GroupListQuery },
    responses: { 200: json(GroupPage) },
  });

const createRoute = defineRoute(EDIT, {
  method: 'post',
  path: '/tags',
  tags,
  summary: 'Create a connector group of the selected company, optionally with its connectors',
  request: { body: jsonBody(CreateGroupBody) },
  responses: { 201: json(GroupWithIds, 'Created'), 404: connectorNotFound, 409: nameConflict },
});

const readRoute = defineRoute(VIEW, {
  method: 'get',
  path: '/tags/{id}',
  tags,
  summary: 'One connector group with the ids of its connectors',
  request: { params: IdParams },
  responses: { 200: json(GroupWithIds), 404: groupNotFound },
});

const updateRoute = defineRoute(EDIT, {
  method: 'put',
  path: '/tags/{id}',
  tags,
  summary: 'Rename, describe, or change the connectors (replace the set, or add and remove ids)',
  request: { params: IdParams, body: jsonBody(UpdateGroupBody) },
  responses: { 200: json(GroupWithIds), 404: groupNotFound, 409: nameConflict },
});

const deleteRoute = defineRoute(EDIT, {
  method: 'delete',
  path: '/tags/{id}',
  tags,
  summary: 'Delete the group (its connectors stay, they only leave the group)',
  request: { params: IdParams },
  responses: { 200: json(z.object({ deleted: z.number() })), 404: groupNotFound },
});

const addGroupRoute = defineRoute(EDIT, {
  method: 'post',
  path: '/connectors/add-group',
  tags,
  summary: 'Add connectors (e.g. a bulk selection of the connector list) to a group',
  request: { body: jsonBody(AddToGroupBody) },
  responses: { 200: json(GroupWithIds), 404: groupNotFound },
});

const bulkRoute = defineRoute(EDIT, {
  method: 'post',
  path: '/groups/{id}/bulk',
  tags,
  summary:
    'Add (action "add") or remove (action "remove") up to 500 connectors of the scope at once, or every connector a connector-list `filter` matches in the scope (at most 50,000); answers how many changed and how many already were (or were not) members',
  request: { params: IdParams, body: jsonBody(BulkMembersBody) },
  responses: {
    200: json(BulkMembersResult),
    404: groupNotFound,
    422: error('{count} connectors match the filter, more than 50,000: narrow it'),
  },
});

const bulkJobRoute = defineRoute(EDIT, {
  method: 'post',
  path: '/groups/{id}/bulk/jobs',
  tags,
  summary:
    'Resolve a bulk change once (the same body as `/groups/{id}/bulk`: up to 500 ids, or a connector-list filter matching at most 50,000 connectors of the scope) into a job of fixed ids, applied afterwards chunk by chunk; nothing changes yet',
  request: { params: IdParams, body: jsonBody(BulkMembersBody) },
  responses: {
    201: json(BulkJob),
    404: groupNotFound,
    422: error('{count} connectors match the filter, more than 50,000: narrow it'),
  },
});

const bulkChunkRoute = defineRoute(EDIT, {
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

const detailRoute = defineRoute(VIEW, {
  method: 'get',
  path: '/groups/{id}',
  tags,
  summary: "The group and one page of its connectors (the connector list's rows)",
  request: { params: IdParams, query: GroupDetailQuery },
  responses: { 200: json(GroupDetail), 404: groupNotFound },
});

const sessionsRoute = defineRoute(VIEW, {
  method: 'get',
  path: '/groups/{id}/sessions',
  tags,
  summary: "Sessions recorded on the group's connectors, newest first, paginated from page 0",
  request: { params: IdParams, query: z.object({ ...GroupListQuery.omit({ keyword: true }).shape }) },
  responses: { 200: json(GroupSessionPage), 404: groupNotFound },
});

const totalsRoute = (path: '/groups/{id}/totals' | '/tags/{id}/total-local-stats') =>
  defineRoute(VIEW, {
    method: 'get',
    path,
    tags,
    summary: "Totals of the group's sessions: connectors, sessions, energy, charging time, first and last",
    request: { params: IdParams },
    responses: { 200: json(GroupTotals), 404: groupNotFound },
  });

const notFound = (c: Context, id: number) => apiError(c, 404, 'GROUP_NOT_FOUND', 'groupNotFound', { params: { id } });
const missingConnector = (c: Context, id: number) =>
  apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'connectorNotFound', { params: { id } });
const taken = (c: Context) => apiError(c, 409, 'GROUP_NAME_TAKEN', 'groupNameTaken', { field: 'name' });

async function withIds(c: Context<AppEnv>, scope: number[], id: number) {
  const db = c.get('db');
  const group = await findGroup(db, scope, id);
  return group ? { ...group, connectorIds: await memberIds(db, scope, id) } : undefined;
}

/**
 * The ids a bulk body covers: the selected ids (404 if one is not a connector of the scope), or what
 * the list's filter matches in the scope (422 `BULK_TOO_MANY` above the cap). A Response on refusal.
 */
async function resolveBulk(c: Context<AppEnv>, scope: number[], body: z.output<typeof BulkMembersBody>) {
  const db = c.get('db');
  if (body.filter) {
    const matched = await countMatching(db, scope, body.filter);
    if (matched > MAX_BULK_FILTER_MATCHES) {
      return apiError(c, 422, 'BULK_TOO_MANY', 'bulkTooMany', {
        params: { count: matched, max: MAX_BULK_FILTER_MATCHES },
      });
    }
    return matchingIds(db, scope, body.filter);
  }
  const ids = [...new Set(body.connector_ids)];
  const missing = await firstMissingConnector(db, scope, ids);
  return missing === undefined ? ids : missingConnector(c, missing);
}

/** A bulk request's group (404 outside the scope) and the ids its body covers; a Response on refusal. */
async function bulkRequest(c: Context<AppEnv>, id: number, body: z.output<typeof BulkMembersBody>) {
  const db = c.get('db');
  const { user } = authOf(c);
  const scope = await callerScope(c);
  const group = await findGroup(db, scope, id);
  if (!group) return notFound(c, id);
  const ids = await resolveBulk(c, scope, body);
  return ids instanceof Response ? ids : { db, user, scope, group, ids };
}

export const groupRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute('/tags'), async (c) =>
    c.json(await listGroups(c.get('db'), await callerScope(c), c.req.valid('query')), 200),
  )
  .openapi(listRoute('/groups'), async (c) =>
    c.json(await listGroups(c.get('db'), await callerScope(c), c.req.valid('query')), 200),
  )
  .openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const { company, user } = authOf(c);
    const scope = await callerScope(c);
    if (await nameTaken(db, company.id, body.name)) return taken(c);
    const missing = await firstMissingConnector(db, scope, body.connector_ids ?? []);
    if (missing !== undefined) return missingConnector(c, missing);
    const created = await db
      .insert(connectorGroups)
      .values({
        companyId: company.id,
        name: body.name,
        nameKey: nameKey(body.name),
        description: body.description || null,
        createdByUserId: user.id,
      })
      .returning({ id: connectorGroups.id })
      .get();
    const ids = body.connector_ids ?? [];
    await db.batch([
      auditInsert(db, {
        action: 'connector-group.create',
        actorUserId: user.id,
        companyId: company.id,
        entity: 'connector_group',
        entityId: created.id,
        detail: { name: body.name, connectors: ids.length },
      }),
      ...(ids.length ? [addMembers(db, created.id, ids)] : []),
    ]);
    const out = await withIds(c, scope, created.id);
    if (!out) return notFound(c, created.id);
    return c.json(out, 201);
  })
  .openapi(readRoute, async (c) => {
    const { id } = c.req.valid('param');
    const out = await withIds(c, await callerScope(c), id);
    return out ? c.json(out, 200) : notFound(c, id);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const { user } = authOf(c);
    const scope = await callerScope(c);
    const group = await findGroup(db, scope, id);
    if (!group) return notFound(c, id);
    if (body.name !== undefined && (await nameTaken(db, group.companyId, body.name, id))) return taken(c);
    const incoming = [...(body.connector_ids ?? []), ...(body.add_connector_ids ?? [])];
    const missing = await firstMissingConnector(db, scope, incoming);
    if (missing !== undefined) return missingConnector(c, missing);
    const fields = {
      ...(body.name !== undefined ? { name: body.name, nameKey: nameKey(body.name) } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
    };
    await db.batch([
      db
        .update(connectorGroups)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(connectorGroups.id, id)),
      ...(body.connector_ids ? [clearMembers(db, id), addMembers(db, id, body.connector_ids)] : []),
      ...(body.add_connector_ids?.length ? [addMembers(db, id, body.add_connector_ids)] : []),
      ...(body.remove_connector_ids?.length ? [removeMembers(db, id, body.remove_connector_ids)] : []),
      auditInsert(db, {
        action: 'connector-group.update',
        actorUserId: user.id,
        companyId: group.companyId,
        entity: 'connector_group',
        entityId: id,
        detail: {
          ...fields,
          replaced: body.connector_ids?.length,
          added: body.add_connector_ids?.length,
          removed: body.remove_connector_ids?.length,
        },
      }),
    ]);
    const out = await withIds(c, scope, id);
    return out ? c.json(out, 200) : notFound(c, id);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const { user } = authOf(c);
    const group = await findGroup(db, await callerScope(c), id);
    if (!group) return notFound(c, id);
    await db.batch([
      db.delete(connectorGroups).where(eq(connectorGroups.id, id)),
      auditInsert(db, {
        action: 'connector-group.delete',
        actorUserId: user.id,
        companyId: group.companyId,
        entity: 'connector_group',
        entityId: id,
        detail: { name: group.name, connectors: group.connectorCount },
      }),
    ]);
    return c.json({ deleted: id }, 200);
  })
  .openapi(addGroupRoute, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const { user } = authOf(c);
    const scope = await callerScope(c);
    const group = await findGroup(db, scope, body.group_id);
    if (!group) return notFound(c, body.group_id);
    const missing = await firstMissingConnector(db, scope, body.connector_ids);
    if (missing !== undefined) return missingConnector(c, missing);
    await db.batch([
      addMembers(db, group.id, body.connector_ids),
      db.update(connectorGroups).set({ updatedAt: new Date() }).where(eq(connectorGroups.id, group.id)),
      auditInsert(db, {
        action: 'connector-group.add',
        actorUserId: user.id,
        companyId: group.companyId,
        entity: 'connector_group',
        entityId: group.id,
        detail: { added: body.connector_ids.length },
      }),
    ]);
    const out = await withIds(c, scope, group.id);
    return out ? c.json(out, 200) : notFound(c, group.id);
  })
  .openapi(bulkRoute, async (c) => {
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
  .openapi(bulkJobRoute, async (c) => {
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
  .openapi(bulkChunkRoute, async (c) => {
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
  })
  .openapi(detailRoute, async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    const db = c.get('db');
    const scope = await callerScope(c);
    const group = await findGroup(db, scope, id);
    if (!group) return notFound(c, id);
    const page = await listConnectors(db, scope, {
      page: q.page,
      items_per_page: q.items_per_page,
      keyword: q.keyword,
      tag_id: id,
      sort: 'evse_id',
      direction: 'asc',
    });
    return c.json({ group, connectors: page }, 200);
  })
  .openapi(sessionsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const scope = await callerScope(c);
    if (!(await findGroup(db, scope, id))) return notFound(c, id);
    return c.json(await groupSessions(db, scope, id, c.req.valid('query')), 200);
  })
  .openapi(totalsRoute('/groups/{id}/totals'), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const scope = await callerScope(c);
    const group = await findGroup(db, scope, id);
    if (!group) return notFound(c, id);
    return c.json(await groupTotals(db, scope, id, group.connectorCount), 200);
  })
  .openapi(totalsRoute('/tags/{id}/total-local-stats'), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const scope = await callerScope(c);
    const group = await findGroup(db, scope, id);
    if (!group) return notFound(c, id);
    return c.json(await groupTotals(db, scope, id, group.connectorCount), 200);
  });
