/** @module Shapes of the recalculation of a month of home reimbursements (spec 7.5 `settings/recalc/home-reimbursements`). */
import { z } from '@hono/zod-openapi';

export const RecalcBody = z
  .strictObject({
    year: z
      .number({ error: 'recalcPeriodInvalid' })
      .int({ error: 'recalcPeriodInvalid' })
      .min(2000, { error: 'recalcPeriodInvalid' })
      .max(2100, { error: 'recalcPeriodInvalid' })
      .openapi({ example: 2026 }),
    month: z
      .number({ error: 'recalcPeriodInvalid' })
      .int({ error: 'recalcPeriodInvalid' })
      .min(1, { error: 'recalcPeriodInvalid' })
      .max(12, { error: 'recalcPeriodInvalid' })
      .openapi({ example: 10 }),
    companyId: z
      .number()
      .int()
      .positive()
      .optional()
      .openapi({ description: 'A company of your scope; default the selected company' }),
  })
  .openapi('ReimbursementRecalcBody');

export const RecalcAnswer = z
  .object({
    period: z.string().openapi({ example: '2026-10' }),
    created: z.array(z.object({ userId: z.number(), value: z.number() })),
    changed: z.array(z.object({ userId: z.number(), from: z.number(), to: z.number() })),
    unchanged: z.number(),
    skipped: z.array(
      z.object({
        userId: z.number(),
        reason: z.enum(['settled', 'changed_meanwhile']).openapi({
          description:
            'settled: processed, paid or payment failed, never recalculated; changed_meanwhile: its status changed while we computed (the other change wins)',
        }),
      }),
    ),
  })
  .openapi('ReimbursementRecalc');

export type RecalcAnswer = z.infer<typeof RecalcAnswer>;
