/**
 * @module The four company-group levels of the selected company with their labels and the groups of
 * each level in the caller's scope: the choices of the group pickers (fleet user filters, the user
 * wizard's company-groups step, station list filters). `enabled` reports service setting 44 (company
 * groups); the groups are answered either way because users and stations already carry them.
 */

import { inCompanies } from '@db/queries/companies.store';
import { companyGroups } from '@db/schema';
import { can } from '@domain/permissions/permissions';
import { SERVICE } from '@domain/permissions/service-settings';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { asc } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { defineRoute, json } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';

const options = defineRoute('session:basic', {
  method: 'get',
  path: '/reference/company-groups',
  tags: ['Reference'],
  summary:
    'Company-group levels 1-4 with their labels and the groups of each level in the scope (fleet or connector viewers)',
  responses: {
    200: json(
      z.object({
        enabled: z.boolean(),
        levels: z.array(
          z.object({
            level: z.number(),
            label: z.string(),
            groups: z.array(z.object({ id: z.number(), name: z.string(), company_id: z.number() })),
          }),
        ),
      }),
    ),
  },
});

export const companyGroupOptionRoutes = new OpenAPIHono<AppEnv>().openapi(options, async (c) => {
  const { access, company } = authOf(c);
  // Groups are shown to who sees users or stations; anyone else gets the labels and no group
  // (403 is reserved to the route's own permission: ADR 005).
  const seesGroups = can(access, 'fleet:view') || can(access, 'connectors:view');
  const rows = await c
    .get('db')
    .select({
      id: companyGroups.id,
      name: companyGroups.name,
      level: companyGroups.level,
      company_id: companyGroups.companyId,
    })
    .from(companyGroups)
    .where(inCompanies(companyGroups.companyId, seesGroups ? await callerScope(c) : []))
    .orderBy(asc(companyGroups.level), asc(companyGroups.name));
  const labels = [company.group1Label, company.group2Label, company.group3Label, company.group4Label];
  return c.json(
    {
      enabled: access.services.includes(SERVICE.COMPANY_GROUPS),
      levels: labels.map((label, i) => ({
        level: i + 1,
        label,
        groups: rows.filter((r) => r.level === i + 1).map(({ id, name, company_id }) => ({ id, name, company_id })),
      })),
    },
    200,
  );
});
