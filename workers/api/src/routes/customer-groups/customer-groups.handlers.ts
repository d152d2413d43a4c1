/** @module The customer groups API: every read and write limited to the caller's company tree. */

import { customerGroupCompanies, customerGroupMembers, customerGroups, tariffs, users } from '@db/schema';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit.store';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { answerList, queryOf } from '../sessions/list/list.handlers';
import { customerGroupMemberRoutes } from './customer-groups.members.handlers';
import * as r from './customer-groups.routes';
import { type GroupRow, scopedGroup } from './customer-groups.scope';

type Ctx = Context<AppEnv>;

function auditOf(c: Ctx, action: string, id: number, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return auditInsert(c.get('db'), {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity: 'customer_group',
    entityId: id,
    detail,
    ip: clientIp(c),
  });
}

/** The API shape of groups, with their linked companies and member counts (two queries per page). */
async function shapes(c: Ctx, rows: GroupRow[]) {
  const db = c.get('db');
  const ids = rows.map((g) => g.id);
  const [links, counts] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(customerGroupCompanies).where(inArray(customerGroupCompanies.customerGroupId, ids)),
          db
            .select({ id: customerGroupMembers.customerGroupId, n: count() })
            .from(customerGroupMembers)
            .where(inArray(customerGroupMembers.customerGroupId, ids))
            .groupBy(customerGroupMembers.customerGroupId),
        ]);
  return rows.map((g) => ({
    id: g.id,
    company_id: g.companyId,
    name: g.name,
    max_price_excl_vat: g.maxPriceExclVat,
    hide_roaming: g.hideRoaming,
    disable_payment: g.disablePayment,
    user_privacy: g.userPrivacy,
    automatic_private: g.automaticPrivate,
    linked_company_ids: links.filter((l) => l.customerGroupId === g.id).map((l) => l.companyId),
    members: counts.find((n) => n.id === g.id)?.n ?? 0,
    active: g.deletedAt === null,
  }));
}

async function one(c: Ctx, g: GroupRow) {
  const [shape] = await shapes(c, [g]);
  if (!shape) throw new Error('customer group vanished');
  return shape;
}

export const customerGroupRoutes = new OpenAPIHono<AppEnv>()
  // First: POST /customer-type/users/search must not be read as a group id.
  .route('/', customerGroupMemberRoutes)
  .openapi(r.list, async (c) => {
    const { page, items_per_page, include_deleted } = c.req.valid('query');
    const scope = await callerScope(c);
    const where: SQL[] = [inArray(customerGroups.companyId, scope)];
    if (!include_deleted) where.push(isNull(customerGroups.deletedAt));
    const db = c.get('db');
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(customerGroups)
        .where(and(...where))
        .orderBy(customerGroups.name, desc(customerGroups.id))
        .limit(items_per_page)
        .offset(page * items_per_page),
      db
        .select({ n: count() })
        .from(customerGroups)
        .where(and(...where))
        .get(),
    ]);
    return c.json({ data: await shapes(c, rows), total: total?.n ?? 0, page, items_per_page }, 200);
  })
  .openapi(r.create, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const scope = await callerScope(c);
    const linked = [...new Set(body.linked_company_ids)];
    if (linked.some((id) => !scope.includes(id))) return apiError(c, 404, 'COMPANY_NOT_FOUND', 'notFound');
    const companyId = authOf(c).company.id;
    const taken = await db
      .select({ id: customerGroups.id })
      .from(customerGroups)
      .where(and(eq(customerGroups.companyId, companyId), eq(customerGroups.name, body.name)))
      .get();
    if (taken) return apiError(c, 409, 'CUSTOMER_GROUP_NAME_TAKEN', 'customerGroupNameTaken');
    const row = await db
      .insert(customerGroups)
      .values({
        companyId,
        name: body.name,
        maxPriceExclVat: body.max_price_excl_vat,
        hideRoaming: body.hide_roaming,
        disablePayment: body.disable_payment,
        userPrivacy: body.user_privacy,
        automaticPrivate: body.automatic_private,
      })
      .returning()
      .get();
    if (linked.length > 0)
      await db.insert(customerGroupCompanies).values(linked.map((id) => ({ customerGroupId: row.id, companyId: id })));
    await auditOf(c, 'customer_group.create', row.id, { name: row.name });
    return c.json({ data: await one(c, row) }, 201);
  })
  .openapi(r.detail, async (c) => {
    const g = await scopedGroup(c, c.req.valid('param').id);
    if (!g) return apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');
    return c.json({ data: await one(c, g) }, 200);
  })
  .openapi(r.update, async (c) => {
    const g = await scopedGroup(c, c.req.valid('param').id);
    if (!g) return apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');
    const body = c.req.valid('json');
    const db = c.get('db');
    const scope = await callerScope(c);
    const linked = [...new Set(body.linked_company_ids)];
    if (linked.some((id) => !scope.includes(id))) return apiError(c, 404, 'COMPANY_NOT_FOUND', 'notFound');
    const taken = await db
      .select({ id: customerGroups.id })
      .from(customerGroups)
      .where(
        and(eq(customerGroups.companyId, g.companyId), eq(customerGroups.name, body.name), ne(customerGroups.id, g.id)),
      )
      .get();
    if (taken) return apiError(c, 409, 'CUSTOMER_GROUP_NAME_TAKEN', 'customerGroupNameTaken');
    // One batch: the row and its linked companies change together or not at all.
    const [rows] = await db.batch([
      db
        .update(customerGroups)
        .set({
          name: body.name,
          maxPriceExclVat: body.max_price_excl_vat,
          hideRoaming: body.hide_roaming,
          disablePayment: body.disable_payment,
          userPrivacy: body.user_privacy,
          automaticPrivate: body.automatic_private,
          updatedAt: new Date(),
        })
        .where(eq(customerGroups.id, g.id))
        .returning(),
      db.delete(customerGroupCompanies).where(eq(customerGroupCompanies.customerGroupId, g.id)),
      ...linked.map((companyId) => db.insert(customerGroupCompanies).values({ customerGroupId: g.id, companyId })),
    ]);
    const row = rows[0] ?? g;
    await auditOf(c, 'customer_group.update', g.id, {
      before: { name: g.name, maxPriceExclVat: g.maxPriceExclVat },
      after: { name: row.name, maxPriceExclVat: row.maxPriceExclVat },
    });
    return c.json({ data: await one(c, row) }, 200);
  })
  .openapi(r.remove, async (c) => {
    const g = await scopedGroup(c, c.req.valid('param').id);
    if (!g) return apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');
    const db = c.get('db');
    // Refused while anything still points at the group: tariffs that name it would silently stop
    // applying, and members would start sessions under a deleted group.
    const [tariffRefs, memberRefs] = await db.batch([
      db.select({ n: count() }).from(tariffs).where(eq(tariffs.customerGroupId, g.id)),
      db.select({ n: count() }).from(customerGroupMembers).where(eq(customerGroupMembers.customerGroupId, g.id)),
    ]);
    const t = tariffRefs[0]?.n ?? 0;
    const u = memberRefs[0]?.n ?? 0;
    if (t > 0 || u > 0)
      return apiError(c, 409, 'CUSTOMER_GROUP_IN_USE', 'customerGroupInUse', { params: { tariffs: t, users: u } });
    const row =
      (await c
        .get('db')
        .update(customerGroups)
        .set({ deletedAt: g.deletedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(customerGroups.id, g.id))
        .returning()
        .get()) ?? g;
    await auditOf(c, 'customer_group.delete', g.id, {});
    return c.json({ data: await one(c, row) }, 200);
  })
  .openapi(r.reactivate, async (c) => {
    const g = await scopedGroup(c, c.req.valid('param').id);
    if (!g) return apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');
    const row =
      (await c
        .get('db')
        .update(customerGroups)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(eq(customerGroups.id, g.id))
        .returning()
        .get()) ?? g;
    await auditOf(c, 'customer_group.reactivate', g.id, {});
    return c.json({ data: await one(c, row) }, 200);
  })
  .openapi(r.addMember, async (c) => {
    const { id, userId } = c.req.valid('param');
    const g = await scopedGroup(c, id);
    if (!g) return apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');
    const db = c.get('db');
    // Members come from the caller's tree or from a company linked to the group.
    const links = await db
      .select({ id: customerGroupCompanies.companyId })
      .from(customerGroupCompanies)
      .where(eq(customerGroupCompanies.customerGroupId, g.id));
    const allowed = [...(await callerScope(c)), ...links.map((l) => l.id)];
    const user = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), inArray(users.companyId, allowed)))
      .get();
    if (!user) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    await db
      .insert(customerGroupMembers)
      .values({ userId, customerGroupId: g.id })
      .onConflictDoUpdate({ target: customerGroupMembers.userId, set: { customerGroupId: g.id, addedAt: new Date() } });
    await auditOf(c, 'customer_group.member_add', g.id, { userId });
    return c.json({ data: await one(c, g) }, 200);
  })
  .openapi(r.removeMember, async (c) => {
    const { id, userId } = c.req.valid('param');
    const g = await scopedGroup(c, id);
    if (!g) return apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');
    const gone = await c
      .get('db')
      .delete(customerGroupMembers)
      .where(and(eq(customerGroupMembers.customerGroupId, g.id), eq(customerGroupMembers.userId, userId)))
      .returning({ userId: customerGroupMembers.userId });
    if (gone.length === 0) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    await auditOf(c, 'customer_group.member_remove', g.id, { userId });
    return c.json({ data: await one(c, g) }, 200);
  })
  .openapi(r.sessions, async (c) => {
    const { id } = c.req.valid('param');
    const g = await scopedGroup(c, id);
    if (!g) return apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');
    const filters = c.req.valid('json');
    // The provider's view: the group's customers are the e-mobility provider's customers.
    if (filters.variant && filters.variant !== 'emp') return apiError(c, 403, 'VARIANT_FORBIDDEN', 'forbidden');
    const scope = { companies: await callerScope(c), customerGroupId: g.id };
    return answerList(c, filters, queryOf(filters, 'emp'), ['emp'], scope);
  });
