/** @module Shapes of the reports tab (spec 001 §7.5 `GET, PUT company/reports`; spec 000 §9 monthly and quarterly revenue PDFs). */
import { z } from '@hono/zod-openapi';

export const ReportsQuery = z.object({
  company_id: z.coerce.number().int().positive().optional().openapi({ description: 'Default: the selected company' }),
});

export const ReportSettings = z
  .object({
    company_id: z.number(),
    monthly_revenue: z.boolean(),
    quarterly_revenue: z.boolean(),
    /** Comma-separated e-mail addresses, normalised; null for none. */
    recipients: z.string().nullable(),
    /** The reports are generated and e-mailed by the revenue reports job (issue 21 part 6, ADR 056). */
    sending: z.enum(['active']),
  })
  .openapi('CompanyReportSettings');

export const ReportSettingsBody = z.strictObject({
  company_id: z.number().int().positive().optional(),
  monthly_revenue: z.boolean(),
  quarterly_revenue: z.boolean(),
  recipients: z.string().max(2000).nullable(),
});
