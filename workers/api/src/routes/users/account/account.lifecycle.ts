/**
 * @module A fleet user's lifecycle (spec 7.8): delete (soft, or permanent once deleted), restore,
 * remove from the company, move to another company of the scope. The back-office users API reuses
 * deleteUser and restoreUser.
 */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { closedCompanyRefusal } from '@api/lib/closed-company';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { foundUser } from '../users.access';
import { userView } from '../users.store';
import { corporateGroupIn } from './account.checks.store';
import {
  clearFromCompany,
  moveUserTo,
  permanentlyDeleteUser,
  restoreUserRow,
  softDeleteUser,
} from './account.lifecycle.store';
import { move, remove, removeFromCompany, restore } from './account.routes';

type Ctx = Context<AppEnv>;

const userAudit = (c: Ctx, action: string, userId: number, detail: Record<string, unknown>) =>
  callerAudit(c, { action, entity: 'user', entityId: userId, detail });

/** Soft delete; with permanent and confirm, the permanent deletion of an already deleted user. */
export async function deleteUser(
  c: Ctx,
  userId: number,
  q: { permanent?: 'true' | 'false'; confirm?: 'true' | 'false' },
) {
  const { permanent, confirm } = q;
  const db = c.get('db');
  const found = await foundUser(c, userId, true);
  if (found.error) return found.error;
  if (userId === authOf(c).user.id) return apiError(c, 409, 'OWN_ACCOUNT', 'ownAccount');
  if (permanent !== 'true') {
    if (found.user.status === 'deleted') return apiError(c, 409, 'USER_DELETED', 'userDeleted');
    await softDeleteUser(db, userId, userAudit(c, 'user.delete', userId, { email: found.user.email }));
    return c.json({ id: userId, state: 'deleted' }, 200);
  }
  if (found.user.status !== 'deleted') return apiError(c, 409, 'USER_NOT_DELETED', 'userNotDeleted');
  if (confirm !== 'true') return apiError(c, 400, 'CONFIRMATION_REQUIRED', 'confirmRequired', { field: 'confirm' });
  await permanentlyDeleteUser(db, userId, userAudit(c, 'user.delete.permanent', userId, { email: found.user.email }));
  return c.json({ id: userId, state: 'permanently_deleted' }, 200);
}

export async function restoreUser(c: Ctx, userId: number) {
  const db = c.get('db');
  const found = await foundUser(c, userId, true);
  if (found.error) return found.error;
  if (found.user.status !== 'deleted') return apiError(c, 409, 'USER_NOT_DELETED', 'userNotDeleted');
  const after = await restoreUserRow(db, userId, userAudit(c, 'user.restore', userId, {}));
  if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
  return c.json(await userView(db, after), 200);
}

export const accountLifecycleRoutes = new OpenAPIHono<AppEnv>()
  .openapi(remove, async (c) => deleteUser(c, c.req.valid('param').userId, c.req.valid('query')))
  .openapi(restore, async (c) => restoreUser(c, c.req.valid('param').userId))
  .openapi(removeFromCompany, async (c) => {
    const { userId } = c.req.valid('param');
    const db = c.get('db');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    if (userId === authOf(c).user.id) return apiError(c, 409, 'OWN_ACCOUNT', 'ownAccount');
    const audit = userAudit(c, 'user.remove_from_company', userId, { companyId: found.user.companyId });
    const after = await clearFromCompany(db, userId, audit);
    if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    return c.json(await userView(db, after), 200);
  })
  .openapi(move, async (c) => {
    const { userId } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const scope = await callerScope(c);
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    if (!scope.includes(body.company_id)) return apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'company_id' });
    const closed = await closedCompanyRefusal(c, body.company_id, 'company_id');
    if (closed) return closed;
    if (body.corporate_group_id && !(await corporateGroupIn(db, body.corporate_group_id, [body.company_id])))
      return apiError(c, 404, 'CORPORATE_GROUP_NOT_FOUND', 'corporateGroupNotFound', {
        field: 'corporate_group_id',
        params: { id: body.corporate_group_id },
      });
    const audit = userAudit(c, 'user.move', userId, { from: found.user.companyId, to: body.company_id });
    const after = await moveUserTo(
      db,
      userId,
      { companyId: body.company_id, corporateGroupId: body.corporate_group_id ?? null },
      audit,
    );
    if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    return c.json(await userView(db, after), 200);
  });
