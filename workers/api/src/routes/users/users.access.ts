/**
 * @module The fleet user a /users route may act on (the caller's scope; a deleted user hidden by
 * service setting 42 does not exist), and the audit row of a change to a user.
 */

import type { AppEnv } from '@api/env';
import { auditInsert } from '@api/lib/audit.store';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import type { users } from '@db/schema';
import { SERVICE } from '@domain/permissions/service-settings';
import type { Context } from 'hono';
import { scopedUser } from './users.store';

type Ctx = Context<AppEnv>;
type User = typeof users.$inferSelect;

/** Service setting 42: deleted fleet users are hidden. */
export const hidesDeleted = (c: Ctx) => authOf(c).access.services.includes(SERVICE.HIDE_DELETED_FLEET_USERS);

/** The user of the scope, or the 404 the spec names ("User not found"); hidden deleted users too. */
export async function foundUser(
  c: Ctx,
  id: number,
  includeDeleted = false,
): Promise<{ user: User; error?: undefined } | { error: ReturnType<typeof apiError<404>> }> {
  const u = await scopedUser(c.get('db'), await callerScope(c), id);
  if (!u || (u.status === 'deleted' && hidesDeleted(c) && !includeDeleted))
    return { error: apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound') };
  return { user: u };
}

/** The user of the scope that a change may still touch: foundUser's 404, then 409 for a deleted user. */
export async function editableUser(
  c: Ctx,
  id: number,
): Promise<
  { user: User; error?: undefined } | { error: ReturnType<typeof apiError<404>> | ReturnType<typeof apiError<409>> }
> {
  const found = await foundUser(c, id);
  if (found.error) return found;
  if (found.user.status === 'deleted') return { error: apiError(c, 409, 'USER_DELETED', 'userDeleted') };
  return found;
}

/**
 * The company a new user or corporate group goes to: the one the body names, else the caller's
 * selected company; one outside the caller's scope answers 403 (ADR 005).
 */
export async function targetCompany(
  c: Ctx,
  requested: number | undefined,
): Promise<{ companyId: number; scope: number[]; error?: undefined } | { error: ReturnType<typeof apiError<403>> }> {
  const scope = await callerScope(c);
  const companyId = requested ?? authOf(c).company.id;
  if (!scope.includes(companyId)) return { error: apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'company_id' }) };
  return { companyId, scope };
}

/** The audit row of a change to user `userId`, for the batch that makes the change. */
export const auditUser = (c: Ctx, action: string, userId: number, detail: Record<string, unknown>) =>
  auditInsert(c.get('db'), callerAudit(c, { action, entity: 'user', entityId: userId, detail }));
