/** @module Fleet user changes: create, update, limits, lifecycle; each with its audit row. */

import {
  chargingSessions,
  corporateGroups,
  customerServiceLogs,
  maintenanceTickets,
  rfids,
  stationFiles,
  tariffs,
  userCurrencyLimits,
  userRoles,
  users,
} from '@db/schema';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { checkLimits, checkUserInput } from './users.input';
import { hidesDeleted } from './users.read';
import { create, move, remove, removeFromCompany, restore, setLimits, update } from './users.routes';
import { decorate, limitsOf, scopedUser, userView } from './users.store';

type Ctx = Context<AppEnv>;
type User = typeof users.$inferSelect;

export function auditUser(c: Ctx, action: string, userId: number, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return auditInsert(c.get('db'), {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity: 'user',
    entityId: userId,
    detail,
    ip: clientIp(c),
  });
}

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

/** Writes the checked data: the user row, roles (replaced when sent), cards handed out, currency limits. */
function writes(
  c: Ctx,
  userId: number,
  checked: {
    roles?: number[];
    rfidIds: number[];
    currencyLimits?: { dailyMinor: number | null; weeklyMinor: number | null; monthlyMinor: number | null };
  },
) {
  const db = c.get('db');
  const stmts = [];
  if (checked.roles) {
    stmts.push(db.delete(userRoles).where(eq(userRoles.userId, userId)));
    if (checked.roles.length > 0)
      stmts.push(db.insert(userRoles).values(checked.roles.map((roleId) => ({ userId, roleId }))));
  }
  if (checked.rfidIds.length > 0) {
    stmts.push(
      db
        .update(rfids)
        .set({ userId })
        .where(
          and(
            inArray(rfids.id, checked.rfidIds),
            eq(rfids.status, 'active'),
            or(isNull(rfids.userId), eq(rfids.userId, userId)),
          ),
        ),
    );
  }
  if (checked.currencyLimits) {
    stmts.push(
      db
        .insert(userCurrencyLimits)
        .values({ userId, ...checked.currencyLimits })
        .onConflictDoUpdate({ target: userCurrencyLimits.userId, set: checked.currencyLimits }),
    );
  }
  return stmts;
}

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
    await db.batch([
      db.update(users).set({ status: 'deleted', deletedAt: new Date() }).where(eq(users.id, userId)),
      auditUser(c, 'user.delete', userId, { email: found.user.email }),
    ]);
    return c.json({ id: userId, state: 'deleted' }, 200);
  }
  if (found.user.status !== 'deleted') return apiError(c, 409, 'USER_NOT_DELETED', 'userNotDeleted');
  if (confirm !== 'true') return apiError(c, 400, 'CONFIRMATION_REQUIRED', 'confirmRequired', { field: 'confirm' });
  // Sessions keep their snapshot fields (child_email, user_email, plate...) and lose only the link;
  // the user's cards are unlinked, irreversibly, since they can never identify this person again.
  await db.batch([
    db.update(chargingSessions).set({ userId: null }).where(eq(chargingSessions.userId, userId)),
    db.update(customerServiceLogs).set({ userId: null }).where(eq(customerServiceLogs.userId, userId)),
    db
      .update(rfids)
      .set({ userId: null, status: 'unlinked', unlinkedAt: new Date() })
      .where(and(eq(rfids.userId, userId), eq(rfids.status, 'active'))),
    db.update(rfids).set({ userId: null }).where(eq(rfids.userId, userId)),
    // Who created, approved, resolved or uploaded is kept in the audit log, not by a link.
    db.update(tariffs).set({ createdBy: null }).where(eq(tariffs.createdBy, userId)),
    db.update(tariffs).set({ approvedBy: null }).where(eq(tariffs.approvedBy, userId)),
    db.update(maintenanceTickets).set({ createdByUserId: null }).where(eq(maintenanceTickets.createdByUserId, userId)),
    db
      .update(maintenanceTickets)
      .set({ resolvedByUserId: null })
      .where(eq(maintenanceTickets.resolvedByUserId, userId)),
    db.update(stationFiles).set({ uploadedBy: null }).where(eq(stationFiles.uploadedBy, userId)),
    db.delete(users).where(eq(users.id, userId)),
    auditUser(c, 'user.delete.permanent', userId, { email: found.user.email }),
  ]);
  return c.json({ id: userId, state: 'permanently_deleted' }, 200);
}

export async function restoreUser(c: Ctx, userId: number) {
  const db = c.get('db');
  const found = await foundUser(c, userId, true);
  if (found.error) return found.error;
  if (found.user.status !== 'deleted') return apiError(c, 409, 'USER_NOT_DELETED', 'userNotDeleted');
  const [[after]] = await db.batch([
    db
      .update(users)
      .set({ status: 'active', deletedAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning(),
    auditUser(c, 'user.restore', userId, {}),
  ]);
  if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
  return c.json(await userView(db, after), 200);
}

export const userWrites = new OpenAPIHono<AppEnv>()
  .openapi(
    create,
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const scope = await callerScope(c);
      const companyId = body.company_id ?? authOf(c).company.id;
      if (!scope.includes(companyId)) return apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'company_id' });
      const checked = await checkUserInput(c, body, null, companyId, scope);
      if (checked.error) return checked.error;
      let row: User | undefined;
      try {
        [row] = await db
          .insert(users)
          .values({ ...checked.values, email: body.email, companyId, selectedCompanyId: companyId })
          .returning();
      } catch (err) {
        if (String(err).includes('UNIQUE')) return apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'email' });
        throw err;
      }
      if (!row) throw new Error('user insert returned nothing');
      const created = row;
      await db.batch([
        auditUser(c, 'user.create', created.id, { email: created.email, companyId }),
        ...writes(c, created.id, checked),
      ]);
      return c.json(await userView(db, created), 201);
    },
    keyedValidation,
  )
  .openapi(
    update,
    async (c) => {
      const { userId } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const found = await foundUser(c, userId);
      if (found.error) return found.error;
      if (found.user.status === 'deleted') return apiError(c, 409, 'USER_DELETED', 'userDeleted');
      const checked = await checkUserInput(c, body, found.user, found.user.companyId, await callerScope(c));
      if (checked.error) return checked.error;
      try {
        await db.batch([
          db
            .update(users)
            .set({ ...checked.values, updatedAt: new Date() })
            .where(eq(users.id, userId)),
          auditUser(c, 'user.update', userId, { changes: { ...body, ssn: body.ssn ? '(set)' : body.ssn } }),
          ...writes(c, userId, checked),
        ]);
      } catch (err) {
        if (String(err).includes('UNIQUE')) return apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'email' });
        throw err;
      }
      const after = await db.select().from(users).where(eq(users.id, userId)).get();
      if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
      return c.json(await userView(db, after), 200);
    },
    keyedValidation,
  )
  .openapi(setLimits, async (c) => {
    const { userId } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    const limits = await checkLimits(c, found.user.companyId, body);
    if (limits.error) return limits.error;
    const stmts = [];
    if (limits.kwh && Object.keys(limits.kwh).length > 0) {
      stmts.push(
        db
          .update(users)
          .set({ ...limits.kwh, updatedAt: new Date() })
          .where(eq(users.id, userId)),
      );
    }
    if (limits.currency && Object.keys(limits.currency).length > 0) {
      stmts.push(
        db
          .insert(userCurrencyLimits)
          .values({ userId, ...limits.currency })
          .onConflictDoUpdate({ target: userCurrencyLimits.userId, set: limits.currency }),
      );
    }
    await db.batch([auditUser(c, 'user.limits', userId, { limits: body }), ...stmts]);
    const after = await db.select().from(users).where(eq(users.id, userId)).get();
    if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    return c.json(limitsOf(after, await decorate(db, [after])), 200);
  })
  .openapi(remove, async (c) => {
    const { userId } = c.req.valid('param');
    return deleteUser(c, userId, c.req.valid('query'));
  })
  .openapi(restore, async (c) => restoreUser(c, c.req.valid('param').userId))
  .openapi(removeFromCompany, async (c) => {
    const { userId } = c.req.valid('param');
    const db = c.get('db');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    if (userId === authOf(c).user.id) return apiError(c, 409, 'OWN_ACCOUNT', 'ownAccount');
    const [[after]] = await db.batch([
      db
        .update(users)
        .set({
          corporateGroupId: null,
          group1Id: null,
          group2Id: null,
          group3Id: null,
          group4Id: null,
          canChargePublic: false,
          canChargeWork: false,
          canChargeHome: false,
          onlyPrivate: false,
          dailyLimit: null,
          weeklyLimit: null,
          monthlyLimit: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning(),
      db.delete(userRoles).where(eq(userRoles.userId, userId)),
      db.delete(userCurrencyLimits).where(eq(userCurrencyLimits.userId, userId)),
      auditUser(c, 'user.remove_from_company', userId, { companyId: found.user.companyId }),
    ]);
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
    if (body.corporate_group_id) {
      const group = await db
        .select({ id: corporateGroups.id })
        .from(corporateGroups)
        .where(and(eq(corporateGroups.id, body.corporate_group_id), eq(corporateGroups.companyId, body.company_id)))
        .get();
      if (!group)
        return apiError(c, 404, 'CORPORATE_GROUP_NOT_FOUND', 'corporateGroupNotFound', {
          field: 'corporate_group_id',
          params: { id: body.corporate_group_id },
        });
    }
    const [[after]] = await db.batch([
      db
        .update(users)
        .set({
          companyId: body.company_id,
          selectedCompanyId: body.company_id,
          corporateGroupId: body.corporate_group_id ?? null,
          group1Id: null,
          group2Id: null,
          group3Id: null,
          group4Id: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning(),
      db.update(rfids).set({ companyId: body.company_id }).where(eq(rfids.userId, userId)),
      auditUser(c, 'user.move', userId, { from: found.user.companyId, to: body.company_id }),
    ]);
    if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    return c.json(await userView(db, after), 200);
  });
