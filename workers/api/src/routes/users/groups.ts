/** @module Corporate groups (spec 7.8 users/group): list, detail, create, rename, delete, add users. */

import { companies, corporateGroups, users } from '@db/schema';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';

type Ctx = Context<AppEnv>;
const tags = ['Corporate groups'];
const notFound = error('Corporate group id: {id} not found.');

const GroupParams = z.object({
  groupId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'groupId', in: 'path' }, example: 3 }),
});
const name = z
  .string({ error: 'corporateGroupNameRequired' })
  .trim()
  .min(1, { error: 'corporateGroupNameRequired' })
  .max(120);
const CreateBody = z.strictObject({ name, company_id: z.number().int().positive().optional() });
const UpdateBody = z.strictObject({ name });
const AddUsersBody = z.strictObject({ user_ids: z.array(z.number().int().positive()).min(1).max(100) });
const GroupSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    company_id: z.number(),
    company_name: z.string().nullable(),
    user_count: z.number(),
    created_at: z.string(),
  })
  .openapi('CorporateGroup');

export const listGroups = defineRoute('fleet:view', {
  method: 'get',
  path: '/users/group',
  tags,
  summary: 'Corporate groups of the selected company and its descendants, with their active user counts',
  responses: { 200: json(z.object({ data: z.array(GroupSchema) })) },
});
export const groupDetail = defineRoute('fleet:view', {
  method: 'get',
  path: '/users/group/{groupId}',
  tags,
  summary: 'One corporate group',
  request: { params: GroupParams },
  responses: { 200: json(GroupSchema), 404: notFound },
});
export const createGroup = defineRoute('fleet:users:manage', {
  method: 'post',
  path: '/users/group',
  tags,
  summary: 'Create a corporate group in the selected company (or a descendant)',
  request: { body: jsonBody(CreateBody) },
  responses: { 201: json(GroupSchema, 'Created') },
});
export const updateGroup = defineRoute('fleet:users:manage', {
  method: 'put',
  path: '/users/group/{groupId}',
  tags,
  summary: 'Rename a corporate group',
  request: { params: GroupParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(GroupSchema), 404: notFound },
});
export const deleteGroup = defineRoute('fleet:users:manage', {
  method: 'delete',
  path: '/users/group/{groupId}',
  tags,
  summary: 'Delete an empty corporate group (a group with users answers 409)',
  request: { params: GroupParams },
  responses: { 200: json(z.object({ id: z.number() })), 404: notFound, 409: error('The group still has users') },
});
export const addUsers = defineRoute('fleet:users:manage', {
  method: 'put',
  path: '/users/group/{groupId}/users',
  tags,
  summary: 'Put users of the scope in this corporate group (each leaves its previous group)',
  request: { params: GroupParams, body: jsonBody(AddUsersBody) },
  responses: { 200: json(GroupSchema), 404: error('Group or user not found') },
});

function audit(c: Ctx, action: string, id: number, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return auditInsert(c.get('db'), {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity: 'corporate_group',
    entityId: id,
    detail,
    ip: clientIp(c),
  });
}

async function groupsOf(c: Ctx, scope: number[], id?: number) {
  const db = c.get('db');
  return db
    .select({
      id: corporateGroups.id,
      name: corporateGroups.name,
      company_id: corporateGroups.companyId,
      company_name: companies.name,
      created_at: corporateGroups.createdAt,
      user_count: db.$count(users, and(eq(users.corporateGroupId, corporateGroups.id), eq(users.status, 'active'))),
    })
    .from(corporateGroups)
    .leftJoin(companies, eq(companies.id, corporateGroups.companyId))
    .where(and(inArray(corporateGroups.companyId, scope), id ? eq(corporateGroups.id, id) : undefined))
    .orderBy(asc(corporateGroups.name))
    .then((rows) =>
      rows.map((r) => ({ ...r, user_count: Number(r.user_count), created_at: r.created_at.toISOString() })),
    );
}

async function oneGroup(c: Ctx, id: number) {
  const scope = await callerScope(c);
  const [g] = await groupsOf(c, scope, id);
  return { g, scope };
}

const missing = (c: Ctx, id: number) =>
  apiError(c, 404, 'CORPORATE_GROUP_NOT_FOUND', 'corporateGroupNotFound', { params: { id } });

export const groupRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listGroups, async (c) => {
    const scope = await callerScope(c);
    return c.json({ data: await groupsOf(c, scope) }, 200);
  })
  .openapi(groupDetail, async (c) => {
    const { groupId } = c.req.valid('param');
    const { g } = await oneGroup(c, groupId);
    return g ? c.json(g, 200) : missing(c, groupId);
  })
  .openapi(
    createGroup,
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const scope = await callerScope(c);
      const companyId = body.company_id ?? authOf(c).company.id;
      if (!scope.includes(companyId)) return apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'company_id' });
      const [row] = await db.insert(corporateGroups).values({ companyId, name: body.name }).returning();
      if (!row) throw new Error('group insert returned nothing');
      await audit(c, 'corporate_group.create', row.id, { name: body.name });
      const [g] = await groupsOf(c, scope, row.id);
      if (!g) throw new Error('created group not readable');
      return c.json(g, 201);
    },
    keyedValidation,
  )
  .openapi(
    updateGroup,
    async (c) => {
      const { groupId } = c.req.valid('param');
      const { name: newName } = c.req.valid('json');
      const db = c.get('db');
      const { g, scope } = await oneGroup(c, groupId);
      if (!g) return missing(c, groupId);
      await db.batch([
        db.update(corporateGroups).set({ name: newName }).where(eq(corporateGroups.id, groupId)),
        audit(c, 'corporate_group.update', groupId, { before: g.name, name: newName }),
      ]);
      const [after] = await groupsOf(c, scope, groupId);
      return after ? c.json(after, 200) : missing(c, groupId);
    },
    keyedValidation,
  )
  .openapi(deleteGroup, async (c) => {
    const { groupId } = c.req.valid('param');
    const db = c.get('db');
    const { g } = await oneGroup(c, groupId);
    if (!g) return missing(c, groupId);
    // Deleted users count too: restoring one must not leave it pointing at a vanished group.
    const members = await db.select({ n: count() }).from(users).where(eq(users.corporateGroupId, groupId)).get();
    if ((members?.n ?? 0) > 0) return apiError(c, 409, 'CORPORATE_GROUP_HAS_USERS', 'corporateGroupHasUsers');
    await db.batch([
      db.delete(corporateGroups).where(eq(corporateGroups.id, groupId)),
      audit(c, 'corporate_group.delete', groupId, { name: g.name }),
    ]);
    return c.json({ id: groupId }, 200);
  })
  .openapi(addUsers, async (c) => {
    const { groupId } = c.req.valid('param');
    const { user_ids } = c.req.valid('json');
    const db = c.get('db');
    const { g, scope } = await oneGroup(c, groupId);
    if (!g) return missing(c, groupId);
    const ids = [...new Set(user_ids)];
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), inArray(users.companyId, scope), eq(users.status, 'active')));
    if (found.length !== ids.length) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound', { field: 'user_ids' });
    await db.batch([
      db.update(users).set({ corporateGroupId: groupId, updatedAt: new Date() }).where(inArray(users.id, ids)),
      audit(c, 'corporate_group.add_users', groupId, { userIds: ids }),
    ]);
    const [after] = await groupsOf(c, scope, groupId);
    return after ? c.json(after, 200) : missing(c, groupId);
  });
