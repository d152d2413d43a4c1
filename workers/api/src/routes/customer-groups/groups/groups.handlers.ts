/** @module The customer groups router: every read and write limited to the caller's company tree. */
import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { answerList, queryOf } from '@api/routes/sessions/list/list.handlers';
import { groupInUse, joinableCompanies, outsideScope, sessionVariantRefused } from '@domain/customer-groups/rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as r from './groups.routes';
import * as store from './groups.store';

type Ctx = Context<AppEnv>;

const audit = (c: Ctx, action: string, id: number, detail: Record<string, unknown>) =>
  callerAudit(c, { action, entity: 'customer_group', entityId: id, detail });

const notFound = (c: Ctx) => apiError(c, 404, 'CUSTOMER_GROUP_NOT_FOUND', 'customerGroupNotFound');

/** The group of the path if it is in the caller's tree. */
const groupOf = async (c: Ctx, id: number) => store.scopedGroup(c.get('db'), await callerScope(c), id);

export const customerGroupCrudRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.list, async (c) => {
    const q = c.req.valid('query');
    const db = c.get('db');
    const { rows, total } = await store.groupPage(db, await callerScope(c), q);
    return c.json(
      { data: await store.groupShapes(db, rows), total, page: q.page, items_per_page: q.items_per_page },
      200,
    );
  })
  .openapi(r.create, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const linked = [...new Set(body.linked_company_ids)];
    if (outsideScope(linked, await callerScope(c))) return apiError(c, 404, 'COMPANY_NOT_FOUND', 'notFound');
    const companyId = authOf(c).company.id;
    if (await store.nameTaken(db, companyId, body.name))
      return apiError(c, 409, 'CUSTOMER_GROUP_NAME_TAKEN', 'customerGroupNameTaken');
    const row = await store.insertGroup(db, companyId, body, linked, (g) =>
      audit(c, 'customer_group.create', g.id, { name: g.name }),
    );
    return c.json({ data: await store.groupShape(db, row) }, 201);
  })
  .openapi(r.detail, async (c) => {
    const g = await groupOf(c, c.req.valid('param').id);
    if (!g) return notFound(c);
    return c.json({ data: await store.groupShape(c.get('db'), g) }, 200);
  })
  .openapi(r.update, async (c) => {
    const g = await groupOf(c, c.req.valid('param').id);
    if (!g) return notFound(c);
    const body = c.req.valid('json');
    const db = c.get('db');
    const linked = [...new Set(body.linked_company_ids)];
    if (outsideScope(linked, await callerScope(c))) return apiError(c, 404, 'COMPANY_NOT_FOUND', 'notFound');
    if (await store.nameTaken(db, g.companyId, body.name, g.id))
      return apiError(c, 409, 'CUSTOMER_GROUP_NAME_TAKEN', 'customerGroupNameTaken');
    const row = await store.updateGroup(db, g, body, linked, (after) =>
      audit(c, 'customer_group.update', g.id, {
        before: { name: g.name, maxPriceExclVat: g.maxPriceExclVat },
        after: { name: after.name, maxPriceExclVat: after.maxPriceExclVat },
      }),
    );
    return c.json({ data: await store.groupShape(db, row) }, 200);
  })
  .openapi(r.remove, async (c) => {
    const g = await groupOf(c, c.req.valid('param').id);
    if (!g) return notFound(c);
    const db = c.get('db');
    // Refused while anything still points at the group: tariffs that name it would silently stop
    // applying, and members would start sessions under a deleted group.
    const refs = await store.groupRefs(db, g);
    if (groupInUse(refs))
      return apiError(c, 409, 'CUSTOMER_GROUP_IN_USE', 'customerGroupInUse', {
        params: { tariffs: refs.tariffs, users: refs.users },
      });
    const row = await store.setGroupDeleted(db, g, true, audit(c, 'customer_group.delete', g.id, {}));
    return c.json({ data: await store.groupShape(db, row) }, 200);
  })
  .openapi(r.reactivate, async (c) => {
    const g = await groupOf(c, c.req.valid('param').id);
    if (!g) return notFound(c);
    const db = c.get('db');
    const row = await store.setGroupDeleted(db, g, false, audit(c, 'customer_group.reactivate', g.id, {}));
    return c.json({ data: await store.groupShape(db, row) }, 200);
  })
  .openapi(r.addMember, async (c) => {
    const { id, userId } = c.req.valid('param');
    const g = await groupOf(c, id);
    if (!g) return notFound(c);
    const db = c.get('db');
    // Members come from the caller's tree or from a company linked to the group.
    const allowed = joinableCompanies(await callerScope(c), await store.linkedCompanyIds(db, g.id));
    const added = await store.addMember(
      db,
      g,
      userId,
      allowed,
      audit(c, 'customer_group.member_add', g.id, { userId }),
    );
    if (!added) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    return c.json({ data: await store.groupShape(db, g) }, 200);
  })
  .openapi(r.removeMember, async (c) => {
    const { id, userId } = c.req.valid('param');
    const g = await groupOf(c, id);
    if (!g) return notFound(c);
    const db = c.get('db');
    const gone = await store.removeMember(db, g, userId, audit(c, 'customer_group.member_remove', g.id, { userId }));
    if (!gone) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    return c.json({ data: await store.groupShape(db, g) }, 200);
  })
  .openapi(r.sessions, async (c) => {
    const g = await groupOf(c, c.req.valid('param').id);
    if (!g) return notFound(c);
    const filters = c.req.valid('json');
    // The provider's view: the group's customers are the e-mobility provider's customers.
    if (sessionVariantRefused(filters.variant)) return apiError(c, 403, 'VARIANT_FORBIDDEN', 'forbidden');
    const scope = { companies: await callerScope(c), customerGroupId: g.id };
    return answerList(c, filters, queryOf(filters, 'emp'), ['emp'], scope);
  });
