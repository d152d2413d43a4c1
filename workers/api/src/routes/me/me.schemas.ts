/** @module Answer and body shapes of the caller's own calls (/me). */

import { z } from '@hono/zod-openapi';
import { LANGUAGES } from '@i18n/languages';
import { BrandingSchema } from '../company-settings/branding/branding.schemas';

type TreeNode = { id: number; name: string; isClosed: boolean; children: TreeNode[] };
// Recursive, so it must be a named component: the OpenAPI generator then emits a $ref. A closed company
// (ADR 050) stays in the switcher but is not offered as a target for new users or stations.
const CompanyNodeSchema: z.ZodType<TreeNode> = z
  .lazy(() =>
    z.object({ id: z.number(), name: z.string(), isClosed: z.boolean(), children: z.array(CompanyNodeSchema) }),
  )
  .openapi('CompanyNode');

export const MeSchema = z
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
      /** The company's graphic customisation, white-label and demo-mode flags (ADR 049). */
      branding: BrandingSchema,
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
    /** Unread items of the caller's news feed (GET /news). */
    newsUnread: z.number(),
  })
  .openapi('Me');

export const SwitchCompanyBody = z.strictObject({ companyId: z.number().int().positive() });

export const PreferencesBody = z.strictObject({
  language: z.enum(LANGUAGES).optional(),
  theme: z.enum(['light', 'dark', 'semi-dark']).optional(),
});
