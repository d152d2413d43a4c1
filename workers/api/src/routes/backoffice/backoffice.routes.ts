/**
 * @module Back-office users (spec 7.7): users of the scope who hold back-office roles. Same rules
 * as fleet users (scope, e-mail, lifecycle); role changes take effect at the user's next login,
 * because roles are snapshotted into the session at login.
 */

import { backofficeUserFlags, userRoles, users } from '@db/schema';
import { ensureRoles } from '@db/seed/factories';
import { ROLE_IDS, ROLE_KEYS } from '@domain/permissions/roles';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, count, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { pageFields, pageOf } from '../../lib/pagination';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { checkRoles } from '../users/account/account.checks';
import { deleteUser, restoreUser } from '../users/account/account.lifecycle';
import { auditUser, foundUser } from '../users/users.access';
import { DeleteQuery, emailSchema, UserIdParams } from '../users/users.schemas';

type Ctx = Context<AppEnv>;
const ACCESS = 'backoffice-users:manage';
const tags = ['Back-office users'];
const notFound = error('User not found (or of a company outside the scope)');
const conflict = error('E-mail taken, or the user is not in the state the action needs');

const roleList = z.array(z.number().int()).min(1).max(20);
const ListBody = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  role: z.number().int().optional(),
  state: z.enum(['active', 'deleted']).optional(),
  ...pageFields(20),
});
const AddBody = z.strictObject({
  email: emailSchema,
  first_name: z.string().trim().max(120).nullable().optional(),
  last_name: z.string().trim().max(120).nullable().optional(),
  telephone: z.string().trim().max(40).nullable().optional(),
  roles: roleList,
  company_id: z.number().int().positive().optional(),
  permission_updates_disabled: z.boolean().optional(),
});
const UpdateBody = z.strictObject({
  email: emailSchema.optional(),
  first_name: z.string().trim().max(120).nullable().optional(),
  last_name: z.string().trim().max(120).nullable().optional(),
  telephone: z.string().trim().max(40).nullable().optional(),
  roles: roleList.optional(),
  permission_updates_disabled: z.boolean().optional(),
});
const AddRolesBody = z.strictObject({ roles: roleList });

const BackofficeUser = z
  .object({
    id: z.number(),
    company_id: z.number(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    telephone: z.string().nullable(),
    state: z.enum(['active', 'deleted']),
    roles: z.array(z.number()),
    permission_updates_disabled: z.boolean(),
    last_login_at: z.string().nullable(),
    /** Roles are read at login: a change shows after the user's next logout and login. */
    roles_effective: z.literal('next_login'),
  })
  .openapi('BackofficeUser');

const list = defineRoute(ACCESS, {
  method: 'post',
  path: '/backoffice',
  tags,
  summary: 'Back-office users of the scope (users holding at least one role)',
  request: { body: jsonBody(ListBody) },
  responses: {
    200: json(pageOf(BackofficeUser)),
  },
});
const add = defineRoute(ACCESS, {
  method: 'post',
  path: '/backoffice/add',
  tags,
  summary: 'Create a back-office user with roles',
  request: { body: jsonBody(AddBody) },
  responses: { 201: json(BackofficeUser, 'Created'), 409: conflict },
});
const addRoles = defineRoute(ACCESS, {
  method: 'post',
  path: '/backoffice/{userId}/add',
  tags,
  summary: 'Give back-office roles to an existing user of the scope',
  request: { params: UserIdParams, body: jsonBody(AddRolesBody) },
  responses: { 200: json(BackofficeUser), 404: notFound, 409: conflict },
});
const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/backoffice/{userId}',
  tags,
  summary: 'One back-office user',
  request: { params: UserIdParams },
  responses: { 200: json(BackofficeUser), 404: notFound },
});
const update = defineRoute(ACCESS, {
  method: 'put',
  path: '/backoffice/{userId}',
  tags,
  summary: 'Update a back-office user; roles sent replace the current ones (effective at next login)',
  request: { params: UserIdParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(BackofficeUser), 404: notFound, 409: conflict },
});
const removeRoles = defineRoute(ACCESS, {
  method: 'put',
  path: '/backoffice/{userId}/remove',
  tags,
  summary: 'Remove from the back office: every role is taken away (the account stays)',
  request: { params: UserIdParams },
  responses: { 200: json(BackofficeUser), 404: notFound, 409: conflict },
});
const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/backoffice/{userId}',
  tags,
  summary: 'Delete (soft), or with permanent=true and confirm=true permanently delete a deleted user',
  request: { params: UserIdParams, query: DeleteQuery },
  responses: { 200: json(z.object({ id: z.number(), state: z.string() })), 404: notFound, 409: conflict },
});
const restore = defineRoute(ACCESS, {
  method: 'put',
  path: '/backoffice/{userId}/restore',
  tags,
  summary: 'Restore a deleted back-office user',
  request: { params: UserIdParams },
  responses: { 200: json(z.any()), 404: notFound, 409: conflict },
});
const roles = defineRoute(ACCESS, {
  method: 'get',
  path: '/roles',
  tags,
  summary: 'Back-office roles (spec section 6 ids) with their i18n keys, and which the caller may give',
  responses: {
    200: json(z.object({ data: z.array(z.object({ id: z.number(), key: z.string(), grantable: z.boolean() })) })),
  },
});

/** The answers for a page of users: their roles and flags in two queries, whatever the page size (at most 100 ids). */
async function views(c: Ctx, us: (typeof users.$inferSelect)[]) {
  if (us.length === 0) return [];
  const db = c.get('db');
  const ids = us.map((u) => u.id);
  const [roleRows, flagRows] = await Promise.all([
    db.select({ userId: userRoles.userId, id: userRoles.roleId }).from(userRoles).where(inArray(userRoles.userId, ids)),
    db.select().from(backofficeUserFlags).where(inArray(backofficeUserFlags.userId, ids)),
  ]);
  return us.map((u) => {
    const flag = flagRows.find((f) => f.userId === u.id);
    return {
      id: u.id,
      company_id: u.companyId,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      telephone: u.telephone,
      state: u.status,
      roles: roleRows
        .filter((r) => r.userId === u.id)
        .map((r) => r.id)
        .sort((a, b) => a - b),
      permission_updates_disabled: flag?.permissionUpdatesDisabled ?? false,
      last_login_at: u.lastLoginAt?.toISOString() ?? null,
      roles_effective: 'next_login' as const,
    };
  });
}

async function view(c: Ctx, u: typeof users.$inferSelect) {
  const [one] = await views(c, [u]);
  if (!one) throw new Error('view of one user returned nothing');
  return one;
}

function roleWrites(c: Ctx, userId: number, ids: number[] | undefined, flag: boolean | undefined, replace: boolean) {
  const db = c.get('db');
  const stmts = [];
  if (ids) {
    if (replace) stmts.push(db.delete(userRoles).where(eq(userRoles.userId, userId)));
    stmts.push(
      db
        .insert(userRoles)
        .values([...new Set(ids)].map((roleId) => ({ userId, roleId })))
        .onConflictDoNothing(),
    );
  }
  if (flag !== undefined) {
    stmts.push(
      db
        .insert(backofficeUserFlags)
        .values({ userId, permissionUpdatesDisabled: flag })
        .onConflictDoUpdate({ target: backofficeUserFlags.userId, set: { permissionUpdatesDisabled: flag } }),
    );
  }
  return stmts;
}

const hasRole = (db: Ctx['var']['db'], roleId?: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(sql`${userRoles.userId} = "users"."id"`, roleId ? eq(userRoles.roleId, roleId) : undefined)),
  );

export const backofficeRoutes = new OpenAPIHono<AppEnv>()
  .openapi(roles, (c) => {
    const grantable = (id: number) => checkRoles(c, [id]) === null;
    return c.json({ data: ROLE_IDS.map((id) => ({ id, key: ROLE_KEYS[id], grantable: grantable(id) })) }, 200);
  })
  .openapi(list, async (c) => {
    const f = c.req.valid('json');
    const db = c.get('db');
    const scope = await callerScope(c);
    const conditions: (SQL | undefined)[] = [inArray(users.companyId, scope), hasRole(db, f.role)];
    if (f.state) conditions.push(eq(users.status, f.state));
    if (f.keyword) {
      const k = f.keyword.toLowerCase();
      conditions.push(
        sql`(instr(lower(${users.email}), ${k}) > 0 OR instr(lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ${k}) > 0)`,
      );
    }
    const where = and(...conditions);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .limit(f.items_per_page)
        .offset(f.page * f.items_per_page),
      db.select({ n: count() }).from(users).where(where).get(),
    ]);
    return c.json(
      {
        data: await views(c, rows),
        total: total?.n ?? 0,
        page: f.page,
        items_per_page: f.items_per_page,
      },
      200,
    );
  })
  .openapi(
    add,
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const scope = await callerScope(c);
      const companyId = body.company_id ?? authOf(c).company.id;
      if (!scope.includes(companyId)) return apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'company_id' });
      const denied = checkRoles(c, body.roles);
      if (denied) return denied;
      const taken = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).get();
      if (taken) return apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'email' });
      await ensureRoles(db);
      const [row] = await db
        .insert(users)
        .values({
          email: body.email,
          firstName: body.first_name ?? null,
          lastName: body.last_name ?? null,
          telephone: body.telephone ?? null,
          companyId,
          selectedCompanyId: companyId,
        })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      await db.batch([
        auditUser(c, 'backoffice.create', row.id, { roles: body.roles }),
        ...roleWrites(c, row.id, body.roles, body.permission_updates_disabled, true),
      ]);
      return c.json(await view(c, row), 201);
    },
    keyedValidation,
  )
  .openapi(addRoles, async (c) => {
    const { userId } = c.req.valid('param');
    const body = c.req.valid('json');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    if (found.user.status === 'deleted') return apiError(c, 409, 'USER_DELETED', 'userDeleted');
    const denied = checkRoles(c, body.roles);
    if (denied) return denied;
    await c
      .get('db')
      .batch([
        auditUser(c, 'backoffice.add_roles', userId, { roles: body.roles }),
        ...roleWrites(c, userId, body.roles, undefined, false),
      ]);
    return c.json(await view(c, found.user), 200);
  })
  .openapi(detail, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    return c.json(await view(c, found.user), 200);
  })
  .openapi(
    update,
    async (c) => {
      const { userId } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const found = await foundUser(c, userId);
      if (found.error) return found.error;
      if (found.user.status === 'deleted') return apiError(c, 409, 'USER_DELETED', 'userDeleted');
      if (body.roles) {
        const denied = checkRoles(c, body.roles);
        if (denied) return denied;
        if (userId === authOf(c).user.id) return apiError(c, 409, 'OWN_ACCOUNT', 'ownAccount', { field: 'roles' });
      }
      if (body.email && body.email !== found.user.email) {
        const taken = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).get();
        if (taken) return apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'email' });
      }
      const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (body.email !== undefined) values.email = body.email;
      if (body.first_name !== undefined) values.firstName = body.first_name;
      if (body.last_name !== undefined) values.lastName = body.last_name;
      if (body.telephone !== undefined) values.telephone = body.telephone;
      await db.batch([
        db.update(users).set(values).where(eq(users.id, userId)),
        auditUser(c, 'backoffice.update', userId, { changes: body }),
        ...roleWrites(c, userId, body.roles, body.permission_updates_disabled, true),
      ]);
      const after = await db.select().from(users).where(eq(users.id, userId)).get();
      if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
      return c.json(await view(c, after), 200);
    },
    keyedValidation,
  )
  .openapi(removeRoles, async (c) => {
    const { userId } = c.req.valid('param');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    if (userId === authOf(c).user.id) return apiError(c, 409, 'OWN_ACCOUNT', 'ownAccount');
    await c
      .get('db')
      .batch([
        c.get('db').delete(userRoles).where(eq(userRoles.userId, userId)),
        auditUser(c, 'backoffice.remove', userId, {}),
      ]);
    return c.json(await view(c, found.user), 200);
  })
  .openapi(remove, async (c) => deleteUser(c, c.req.valid('param').userId, c.req.valid('query')))
  .openapi(restore, async (c) => restoreUser(c, c.req.valid('param').userId));
