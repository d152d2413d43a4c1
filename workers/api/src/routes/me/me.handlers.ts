/** @module The caller: profile, permissions, navigation, company switch and preferences. */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { companyScopeIds, companyTree } from '@db/queries/companies.store';
import { landingPath, navigationFor } from '@domain/permissions/navigation';
import { grantedPermissions } from '@domain/permissions/permissions';
import { effectiveRoles } from '@domain/permissions/roles';
import { OpenAPIHono } from '@hono/zod-openapi';
import { toBranding } from '../company-settings/branding/branding.schemas';
import { readerOf } from '../news/news.handlers';
import { unreadCount } from '../news/news.store';
import * as r from './me.routes';
import { selectCompany, setPreferences } from './me.store';

export const meRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.getMe, async (c) => {
    const { user, company, access } = authOf(c);
    const db = c.get('db');
    return c.json(
      {
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          language: user.language,
          theme: user.theme,
          token_2fa_method_id: user.token2faMethodId,
          companyId: user.companyId,
        },
        company: {
          id: company.id,
          name: company.name,
          currency: company.currency,
          timeZone: company.timeZone,
          groupLabels: [company.group1Label, company.group2Label, company.group3Label, company.group4Label],
          branding: toBranding(company),
        },
        companies: await companyTree(db, user.companyId),
        roles: effectiveRoles(access.roles),
        services: [...access.services],
        permissions: grantedPermissions(access),
        navigation: navigationFor(access),
        landing: landingPath(access),
        // One indexed count: the frame's unread-news badge rides on the /me every page loads.
        newsUnread: await unreadCount(db, readerOf(c)),
      },
      200,
    );
  })
  .openapi(r.switchCompany, async (c) => {
    const { user, sessionId } = authOf(c);
    const { companyId } = c.req.valid('json');
    const db = c.get('db');
    const scope = await companyScopeIds(db, user.companyId);
    if (!scope.includes(companyId)) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    await selectCompany(db, sessionId, user.id, companyId);
    return c.json({ companyId }, 200);
  })
  .openapi(r.updatePreferences, async (c) => {
    const { user } = authOf(c);
    const body = c.req.valid('json');
    const next = { language: body.language ?? user.language, theme: body.theme ?? user.theme };
    await setPreferences(c.get('db'), user.id, next);
    return c.json(next, 200);
  });
