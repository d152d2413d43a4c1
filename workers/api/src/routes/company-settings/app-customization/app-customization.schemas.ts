/** @module Shapes of the mobile app customisations (spec 001 §7.9 `/app-customizations`, §7.5 `app_customization_customers_id`). */
import { z } from '@hono/zod-openapi';

export const AppCustomization = z.object({ id: z.number(), name: z.string() }).openapi('AppCustomization');

export const AppCustomizationList = z.object({ data: z.array(AppCustomization) });

export const AppCustomizationBody = z.strictObject({
  name: z.string().trim().min(1).max(80),
});

export const AppCustomizationParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const CompanyAppCustomization = z
  .object({
    company_id: z.number(),
    app_customization_customers_id: z.number().nullable(),
    available: z.array(AppCustomization),
  })
  .openapi('CompanyAppCustomization');

export const CompanyAppCustomizationBody = z.strictObject({
  app_customization_customers_id: z.number().int().positive().nullable(),
});
