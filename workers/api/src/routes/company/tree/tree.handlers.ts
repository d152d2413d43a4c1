/**
 * @module The company tree and lifecycle handlers: gather the scope's rows through tree.store, let
 * domain/companies/lifecycle decide (cycle, closed parent, deletion), write with the audit row.
 */
import type { AppEnv } from '@api/env';
import type { AuditEntry } from '@api/lib/audit.store';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import { deleteError, moveError } from '@domain/companies/lifecycle';
import { buildCompanyTree } from '@domain/companies/tree';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as r from './tree.routes';
import { toState, toTreeNode } from './tree.schemas';
import { deleteCompany, deleteFacts, moveCompany, scopedCompany, setClosed, stateOf, treeRows } from './tree.store';

type Ctx = Context<AppEnv>;

const notFound = (c: Ctx, id: number) => apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });

const audit = (c: Ctx, companyId: number, action: string, detail: Record<string, unknown>): AuditEntry => ({
  action,
  actorUserId: authOf(c).user.id,
  companyId,
  entity: 'company',
  entityId: companyId,
  detail,
  ip: clientIp(c),
});

export const treeRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.tree, async (c) => {
    const auth = authOf(c);
    const rows = await treeRows(c.get('db'), auth.scope);
    // The selected company is always live: a deleted one is never selected (tree.store's delete).
    const root = buildCompanyTree(rows, auth.company.id);
    const fallback = { ...auth.company, children: [] };
    return c.json({ data: toTreeNode(root ?? fallback) }, 200);
  })
  .openapi(
    r.move,
    async (c) => {
      const { companyId } = c.req.valid('param');
      const { parent_company_id } = c.req.valid('json');
      const db = c.get('db');
      const scope = authOf(c).scope;
      const company = await scopedCompany(db, scope, companyId);
      if (!company) return notFound(c, companyId);
      const parent = await scopedCompany(db, scope, parent_company_id);
      if (!parent) return apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'parent_company_id' });
      const refused = moveError(await treeRows(db, scope), companyId, parent);
      if (refused) return apiError(c, 409, 'COMPANY_MOVE_REFUSED', refused, { field: 'parent_company_id' });
      const detail = { from: company.parentCompanyId, to: parent.id };
      const after = await moveCompany(db, companyId, parent.id, audit(c, companyId, 'company.moved', detail));
      return c.json(toState(after ?? { ...company, parentCompanyId: parent.id }), 200);
    },
    keyedValidation,
  )
  .openapi(
    r.close,
    async (c) => {
      const { companyId } = c.req.valid('param');
      const { is_closed } = c.req.valid('json');
      const db = c.get('db');
      const company = await scopedCompany(db, authOf(c).scope, companyId);
      if (!company) return notFound(c, companyId);
      const action = is_closed ? 'company.closed' : 'company.reopened';
      const after = await setClosed(db, companyId, is_closed, audit(c, companyId, action, {}));
      return c.json(toState(after ?? { ...company, isClosed: is_closed }), 200);
    },
    keyedValidation,
  )
  .openapi(
    r.remove,
    async (c) => {
      const { companyId } = c.req.valid('param');
      const { name } = c.req.valid('json');
      const db = c.get('db');
      const auth = authOf(c);
      const company = await scopedCompany(db, auth.scope, companyId);
      if (!company) return notFound(c, companyId);
      const facts = await deleteFacts(db, companyId);
      const isCallersOwn = companyId === auth.user.companyId || companyId === auth.company.id;
      const refused = deleteError({ ...facts, typedName: name, name: company.name, isCallersOwn });
      if (refused === 'companyDeleteNameMismatch') {
        return apiError(c, 400, 'VALIDATION_FAILED', refused, { field: 'name' });
      }
      if (refused) return apiError(c, 409, 'COMPANY_DELETE_REFUSED', refused);
      const at = new Date();
      await deleteCompany(db, companyId, at, audit(c, companyId, 'company.deleted', { name: company.name }));
      const after = await stateOf(db, companyId);
      return c.json(toState(after ?? { ...company, deletedAt: at }), 200);
    },
    keyedValidation,
  );
