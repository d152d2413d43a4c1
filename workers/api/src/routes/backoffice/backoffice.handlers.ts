/**
 * @module Back-office users (spec 7.7): users of the scope who hold back-office roles. Same rules
 * as fleet users (scope, e-mail, lifecycle); role changes take effect at the user's next login,
 * because roles are snapshotted into the session at login.
 */

import type { AppEnv } from '@api/env';
import { closedCompanyRefusal } from '@api/lib/closed-company';
import { apiError } from '@api/lib/errors';
import { invitation } from '@api/lib/invitation';
import { keyedValidation } from '@api/lib/keyed-validation';
import { requestLanguage } from '@api/lib/language';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { checkRoles } from '@api/routes/users/account/account.checks';
import { emailTaken } from '@api/routes/users/account/account.checks.store';
import { deleteUser, restoreUser } from '@api/routes/users/account/account.lifecycle';
import { auditUser, editableUser, foundUser } from '@api/routes/users/users.access';
import type { users } from '@db/schema';
import { ROLE_IDS, ROLE_KEYS } from '@domain/permissions/roles';
import { OpenAPIHono } from '@hono/zod-openapi';
import { backofficeStaff } from '@i18n/areas/backoffice-staff';
import * as r from './backoffice.routes';
import * as store from './backoffice.store';

export const backofficeRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.roles, (c) => {
    const grantable = (id: number) => checkRoles(c, [id]) === null;
    return c.json({ data: ROLE_IDS.map((id) => ({ id, key: ROLE_KEYS[id], grantable: grantable(id) })) }, 200);
  })
  .openapi(r.list, async (c) => {
    const f = c.req.valid('json');
    const db = c.get('db');
    const { rows, total } = await store.backofficePage(db, await callerScope(c), f);
    const data = await store.backofficeViews(db, rows);
    return c.json({ data, total, page: f.page, items_per_page: f.items_per_page }, 200);
  })
  .openapi(
    r.add,
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const scope = await callerScope(c);
      const companyId = body.company_id ?? authOf(c).company.id;
      if (!scope.includes(companyId)) return apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'company_id' });
      const closed = await closedCompanyRefusal(c, companyId, 'company_id');
      if (closed) return closed;
      const denied = checkRoles(c, body.roles);
      if (denied) return denied;
      if (await emailTaken(db, body.email)) return apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'email' });
      // No password yet: the new member sets one through the invitation link (as a company's new admin does).
      const language = requestLanguage(c);
      const texts = backofficeStaff[language];
      const invite = await invitation(
        c,
        body.email,
        'backoffice-invitation',
        { subject: texts.invitationSubject, text: texts.invitationText },
        { company: await store.companyNameOf(db, companyId) },
      );
      const row = await store.insertBackofficeUser(
        db,
        {
          email: body.email,
          firstName: body.first_name ?? null,
          lastName: body.last_name ?? null,
          telephone: body.telephone ?? null,
          companyId,
          selectedCompanyId: companyId,
          language,
        },
        { roles: body.roles, permissionUpdatesDisabled: body.permission_updates_disabled },
        (id) => auditUser(c, 'backoffice.create', id, { roles: body.roles, invited: true }),
        invite,
      );
      return c.json(await store.backofficeView(db, row), 201);
    },
    keyedValidation,
  )
  .openapi(r.addRoles, async (c) => {
    const { userId } = c.req.valid('param');
    const body = c.req.valid('json');
    const found = await editableUser(c, userId);
    if (found.error) return found.error;
    const denied = checkRoles(c, body.roles);
    if (denied) return denied;
    await store.addRoles(
      c.get('db'),
      userId,
      body.roles,
      auditUser(c, 'backoffice.add_roles', userId, { roles: body.roles }),
    );
    return c.json(await store.backofficeView(c.get('db'), found.user), 200);
  })
  .openapi(r.detail, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    return c.json(await store.backofficeView(c.get('db'), found.user), 200);
  })
  .openapi(
    r.update,
    async (c) => {
      const { userId } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const found = await editableUser(c, userId);
      if (found.error) return found.error;
      if (body.roles) {
        const denied = checkRoles(c, body.roles);
        if (denied) return denied;
        if (userId === authOf(c).user.id) return apiError(c, 409, 'OWN_ACCOUNT', 'ownAccount', { field: 'roles' });
      }
      if (body.email && body.email !== found.user.email && (await emailTaken(db, body.email))) {
        return apiError(c, 409, 'EMAIL_TAKEN', 'emailTaken', { field: 'email' });
      }
      const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (body.email !== undefined) values.email = body.email;
      if (body.first_name !== undefined) values.firstName = body.first_name;
      if (body.last_name !== undefined) values.lastName = body.last_name;
      if (body.telephone !== undefined) values.telephone = body.telephone;
      await store.updateBackofficeUser(
        db,
        userId,
        values,
        { roles: body.roles, permissionUpdatesDisabled: body.permission_updates_disabled },
        auditUser(c, 'backoffice.update', userId, { changes: body }),
      );
      const after = await store.userById(db, userId);
      if (!after) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
      return c.json(await store.backofficeView(db, after), 200);
    },
    keyedValidation,
  )
  .openapi(r.removeRoles, async (c) => {
    const { userId } = c.req.valid('param');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    if (userId === authOf(c).user.id) return apiError(c, 409, 'OWN_ACCOUNT', 'ownAccount');
    await store.removeAllRoles(c.get('db'), userId, auditUser(c, 'backoffice.remove', userId, {}));
    return c.json(await store.backofficeView(c.get('db'), found.user), 200);
  })
  .openapi(r.remove, async (c) => deleteUser(c, c.req.valid('param').userId, c.req.valid('query')))
  .openapi(r.restore, async (c) => restoreUser(c, c.req.valid('param').userId));
