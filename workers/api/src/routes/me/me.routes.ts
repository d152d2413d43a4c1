/** @module The caller: profile, permissions, navigation, company switch and preferences. */

import { companyScopeIds, companyTree } from '@db/queries/companies.store';
import { authSessions, users } from '@db/schema';
import { LANGUAGES } from '@domain/i18n/languages';
import { landingPath, navigationFor } from '@domain/permissions/navigation';
import { grantedPermissions } from '@domain/permissions/permissions';
import { effectiveRoles } from '@domain/permissions/roles';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, json, jsonBody } from '../../lib/route';
import { authOf } from '../../middleware/permission';

type TreeNode = { id: number; name: string; children: TreeNode[] };
// Recursive, so it must be a named component: the OpenAPI generator then emits a $ref.
const CompanyNodeSchema: z.ZodType<TreeNode> = z
  .lazy(() => z.object({ id: z.number(), name: z.string(), children: z.array(CompanyNodeSchema) }))
  .openapi('CompanyNode');

const MeSchema = z
  .object({
    user: z.object({
      id: z.number(),
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      language: z.string(),
      theme: z.string(),
      token_2fa_method_id: z.number(),
      companyId: z.number(),
    }),
    company: z.object({
      id: z.number(),
      name: z.string(),
      currency: z.string(),
      timeZone: z.string(),
      groupLabels: z.array(z.string()),
    }),
    companies: CompanyNodeSchema.nullable(),
    roles: z.array(z.number()),
    services: z.array(z.number()),
    permissions: z.array(z.string()),
    navigation: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        items: z.array(z.object({ label: z.string(), url: z.string(), permission: z.string() })),
      }),
    ),
    landing: z.string(),
  })
  .openapi('Me');

const getMe = defineRoute('session:basic', {
  method: 'get',
  path: '/me',
  tags: ['Session'],
  summary: 'The logged-in user, selected company, permissions and navigation',
  responses: { 200: json(MeSchema) },
});

const switchCompany = defineRoute('session:basic', {
  method: 'put',
  path: '/me/company',
  tags: ['Session'],
  summary: "Select the company to work in: the user's company or a descendant",
  request: {
    body: jsonBody(z.strictObject({ companyId: z.number().int().positive() })),
  },
  responses: { 200: json(z.object({ companyId: z.number() })) },
});

const updatePreferences = defineRoute('session:basic', {
  method: 'put',
  path: '/me/preferences',
  tags: ['Session'],
  summary: 'Language and theme of the logged-in user',
  request: {
    body: jsonBody(
      z.strictObject({
        language: z.enum(LANGUAGES).optional(),
        theme: z.enum(['light', 'dark', 'semi-dark']).optional(),
      }),
    ),
  },
  responses: { 200: json(z.object({ language: z.string(), theme: z.string() })) },
});

export const meRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getMe, async (c) => {
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
        },
        companies: await companyTree(db, user.companyId),
        roles: effectiveRoles(access.roles),
        services: [...access.services],
        permissions: grantedPermissions(access),
        navigation: navigationFor(access),
        landing: landingPath(access),
      },
      200,
    );
  })
  .openapi(switchCompany, async (c) => {
    const { user, sessionId } = authOf(c);
    const { companyId } = c.req.valid('json');
    const db = c.get('db');
    const scope = await companyScopeIds(db, user.companyId);
    if (!scope.includes(companyId)) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    await db.batch([
      db.update(authSessions).set({ selectedCompanyId: companyId }).where(eq(authSessions.id, sessionId)),
      db.update(users).set({ selectedCompanyId: companyId }).where(eq(users.id, user.id)),
    ]);
    return c.json({ companyId }, 200);
  })
  .openapi(updatePreferences, async (c) => {
    const { user } = authOf(c);
    const body = c.req.valid('json');
    const next = { language: body.language ?? user.language, theme: body.theme ?? user.theme };
    await c.get('db').update(users).set(next).where(eq(users.id, user.id));
    return c.json(next, 200);
  });
