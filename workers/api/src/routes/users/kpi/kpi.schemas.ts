/** @module Shapes of a fleet user's statistics (spec 7.8 `users/{userId}/{target}/{type}/{year}`). */
import { z } from '@hono/zod-openapi';
import { UserIdParams } from '../users.schemas';

const TARGETS = ['consumption', 'sessions', 'spend', 'co2'] as const;

export const StatsParams = UserIdParams.extend({
  target: z.enum(TARGETS).openapi({ param: { name: 'target', in: 'path' } }),
  type: z.enum(['month', 'year']).openapi({ param: { name: 'type', in: 'path' } }),
  year: z.coerce
    .number()
    .int()
    .min(2000)
    .max(2100)
    .openapi({ param: { name: 'year', in: 'path' }, example: 2026 }),
});

export const StatsSchema = z
  .object({
    target: z.enum(TARGETS),
    type: z.enum(['month', 'year']),
    year: z.number(),
    /** `minor`: spend in minor units of each row's currency; `kg`: CO2 avoided. */
    unit: z.enum(['kWh', 'sessions', 'minor', 'kg']),
    /** Which source answered: the reporting warehouse, or D1 (CO2 is always summed on D1). */
    source: z.enum(['warehouse', 'd1']),
    data: z.array(
      z.object({
        period: z.string(),
        value: z.number(),
        currency: z.string().optional().openapi({ description: 'Spend only: the currency of value (minor units)' }),
      }),
    ),
  })
  .openapi('FleetUserStats');
