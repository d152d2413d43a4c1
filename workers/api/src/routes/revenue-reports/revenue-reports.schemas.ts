/** @module Shapes of the revenue reports API (issue 21 part 6, ADR 056; spec 000 §9 monthly and quarterly revenue PDFs). */
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

const kind = z.enum(['month', 'quarter']);

export const ListQuery = z.object({
  ...pageQueryFields(25),
  kind: kind.optional(),
  period: z
    .string()
    .regex(/^\d{4}-(\d{2}|Q[1-4])$/)
    .optional()
    .openapi({ description: 'YYYY-MM or YYYY-Qn' }),
  company_id: z.coerce.number().int().positive().optional().openapi({ description: 'One company of your scope' }),
});

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const RevenueReport = z
  .object({
    id: z.number(),
    company_id: z.number(),
    company_name: z.string(),
    period_kind: kind,
    period: z.string(),
    status: z.enum(['ready', 'failed']),
    error: z.string().nullable(),
    size_bytes: z.number(),
    source: z.enum(['warehouse', 'd1']).nullable(),
    generated_at: z.iso.datetime(),
    emailed_at: z.iso.datetime().nullable(),
  })
  .openapi('RevenueReport');

export const RevenueReportPage = pageOf(RevenueReport).openapi('RevenueReportPage');

export const GenerateBody = z.strictObject({
  company_id: z.number().int().positive(),
  period_kind: kind,
  period: z.string().max(10),
});
