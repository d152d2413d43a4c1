/** @module Shapes of the network totals (spec 001 §7.18 total-stats, total-local-stats, total-roaming-stats; ADR 052). */
import { z } from '@hono/zod-openapi';

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
  .refine((m) => Number(m.slice(0, 4)) >= 2000, 'From 2000');

export const TotalsQuery = z.object({
  from: month.optional().openapi({ description: 'First month (company time zone); default: 11 months before `to`' }),
  to: month.optional().openapi({ description: 'Last month, inclusive; default: the current month' }),
  company_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ description: 'The company whose subtree is counted; default: the selected company' }),
});

const Revenue = z.object({
  currency: z.string(),
  emp_total: z.number().openapi({ description: "The driver's (e-mobility provider's) price, gross, minor units" }),
  emp_net_total: z.number(),
  subcpo_total: z.number().openapi({ description: "The sub-operator's price, minor units" }),
  owner_total: z.number().openapi({ description: "The station owner's price, minor units" }),
});

const figures = { sessions: z.number(), energy_wh: z.number(), revenue: z.array(Revenue) };

export const Totals = z
  .object({
    kind: z.enum(['all', 'local', 'roaming']),
    company_id: z.number(),
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    source: z.enum(['warehouse', 'd1']).openapi({ description: 'Where the figures were read: the same on both' }),
    ...figures,
    months: z.array(z.object({ month: z.string(), ...figures })),
  })
  .openapi('NetworkTotals');
