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
    /** Sending starts with the reporting warehouse (issue 21): until then the settings are kept, nothing is sent. */
    sending: z.enum(['not_yet_available']),
  })
  .openapi('CompanyReportSettings');

export const ReportSettingsBody = z.strictObject({
  company_id: z.number().int().positive().optional(),
  monthly_revenue: z.boolean(),
  quarterly_revenue: z.boolean(),
  recipients: z.string().max(2000).nullable(),
});
