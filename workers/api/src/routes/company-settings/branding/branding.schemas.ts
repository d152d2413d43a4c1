/** @module Shapes of the graphic customisation tab (issue 20 parts 2 and 7, ADR 049) and its company-row mapping. */
import { backOfficeTitle, brandColor } from '@domain/company-settings/branding';
import { z } from '@hono/zod-openapi';
import type { Company } from '../company-settings.schemas';

export const BrandingSchema = z
  .object({
    company_id: z.number(),
    /** Where the browser loads the logo (an authenticated URL that changes with every upload); null without one. */
    logo_url: z.string().nullable(),
    brand_color: z.string().nullable().openapi({ example: '#1a73e8' }),
    title: z.string().nullable(),
    white_label: z.boolean(),
    demo_mode: z.boolean(),
  })
  .openapi('CompanyBranding');

export const BrandingBody = z.strictObject({
  brand_color: z
    .string()
    .refine((v) => brandColor(v) !== null, { error: 'brandColorInvalid' })
    .transform((v) => brandColor(v) as string)
    .nullable(),
  title: z
    .string()
    .refine((v) => backOfficeTitle(v) !== null, { error: 'brandTitleInvalid' })
    .transform((v) => backOfficeTitle(v) as string)
    .nullable(),
  white_label: z.boolean(),
  demo_mode: z.boolean(),
});

export const LogoParams = z.object({
  companyId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'companyId', in: 'path' }, example: 3 }),
  file: z
    .string()
    .regex(/^[0-9a-f-]{36}\.(png|jpg)$/)
    .openapi({ param: { name: 'file', in: 'path' }, example: '0b9e7c1e-6f1d-4a57-9d1b-2f7c1d3a4b5c.png' }),
});

/** The URL of a stored logo key (`company-logos/{companyId}/{file}`). */
export const logoUrl = (key: string | null) => (key ? `/api/${key}` : null);

export const toBranding = (c: Company): z.infer<typeof BrandingSchema> => ({
  company_id: c.id,
  logo_url: logoUrl(c.logo),
  brand_color: c.brandColor,
  title: c.title,
  white_label: c.whiteLabel,
  demo_mode: c.demoMode,
});
