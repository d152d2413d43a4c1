/** @module One fleet user: the wizard's options, create, detail, update and limits (spec 5, 7.8); the lifecycle in account.lifecycle.ts. */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { closedCompanyRefusal } from '@api/lib/closed-company';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { mayGrantRole } from '@domain/fleet/grantable-roles';
import { usageRows } from '@domain/fleet/usage';
import { can } from '@domain/permissions/permissions';
import { ROLE_IDS } from '@domain/permissions/roles';
import { OpenAPIHono } from '@hono/zod-openapi';
import { editableUser, foundUser, targetCompany } from '../users.access';
import { limitsOf } from '../users.schemas';
import { decorate, limitUnitOf, userView } from '../users.store';
import { checkLimits, checkUserInput, permissionUpdatesDisabled } from './account.checks';
import { accountLifecycleRoutes } from './account.lifecycle';
import { create, detail, setLimits, update, wizardOptions } from './account.routes';
import { insertUser, updateUser, usageOf, wizardChoices, writeCreated, writeLimits } from './account.store';

const isUniqueViolation = (err: unknown) => String(err).includes('UNIQUE');

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(wizardOptions, async (c) => {
    const db = c.get('db');
    const { company, access } = authOf(c);
    const [[groups, cards], locked, unit] = await Promise.all([
      wizardChoices(db, await callerScope(c)),
      permissionUpdatesDisabled(c),
      limitUnitOf(db, company.id),
    ]);
    return c.json(
      {
        corporate_groups: groups,
        free_cards: cards,
        grantable_roles: ROLE_IDS.filter((id) => mayGrantRole(access.roles, id)),
        permission_updates_disabled: locked,
        mandatory_license_plate: company.mandatoryLicensePlate,
        limit_unit: unit,
        currency: company.currency,
        can_set_limits: can(access, 'fleet:limits'),
        group_labels: [company.group1Label, company.group2Label, company.group3Label, company.group4Label],
      },
      200,
    );
  })
  .openapi(
    create,
    async (c) => {
      const body = c.req.valid('json');
      const target = await targetCompany(c, body.company_id);
      if (target.error) return target.error;
      const { companyId } = target;
      const closed = await closedCompanyRefusal(c, companyId, 'company_id');
      if (closed) return closed;
      const checked = await checkUserInput(c, body, null, companyId, target.scope);
      if (checked.error) return checked.error;
      const db = c.get('db');
      let created: Awaited<ReturnType<typeof insertUser>>;
      try {
        created = await insertUser(db, {
          ...checked.values,
          email: body.email,
          companyId,
          selectedCompanyId: companyId,
        });
      } catch (err) {
        if (isUniqueViolation(err)) return apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'email' });
        throw err;
      }
      const detail = { email: created.email, companyId };
      await writeCreated(
        db,
        created.id,
        checked,
        callerAudit(c, { action: 'user.create', entity: 'user', entityId: created.id, detail }),
      );
      return c.json(await userView(db, created), 201);
    },
    keyedValidation,
  )
  .openapi(detail, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    const db = c.get('db');
    const [view, used] = await Promise.all([
      userView(db, found.user),
      usageOf(db, found.user.id, authOf(c).company.timeZone),
    ]);
    return c.json({ ...view, usage: usageRows(view.limits, used) }, 200);
  })
  .openapi(
    update,
    async (c) => {
      const { userId } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const found = await editableUser(c, userId);
      if (found.error) return found.error;
      const scope = await callerScope(c);
      const checked = await checkUserInput(c, body, found.user, found.user.companyId, scope);
      if (checked.error) return checked.error;
      const changes = { ...body, ssn: body.ssn ? '(set)' : body.ssn };
      let after: Awaited<ReturnType<typeof updateUser>>;
      try {
        after = await updateUser(
          db,
          scope,
          userId,
          checked.values,
          checked,
          callerAudit(c, { action: 'user.update', entity: 'user', entityId: userId, detail: { changes } }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) return apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'email' });
        throw err;
      }
      if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
      return c.json(await userView(db, after), 200);
    },
    keyedValidation,
  )
  .openapi(setLimits, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    const { id: userId, companyId } = found.user;
    const body = c.req.valid('json');
    const db = c.get('db');
    const limits = await checkLimits(c, companyId, body);
    if (limits.error) return limits.error;
    const audit = callerAudit(c, { action: 'user.limits', entity: 'user', entityId: userId, detail: { limits: body } });
    const after = await writeLimits(db, await callerScope(c), userId, limits, audit);
    if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    return c.json(limitsOf(after, await decorate(db, [after])), 200);
  })
  .route('/', accountLifecycleRoutes);
