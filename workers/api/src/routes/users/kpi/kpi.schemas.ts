/** @module Shapes of a fleet user's statistics (spec 7.8 `users/{userId}/{target}/{type}/{year}`). */
import { z } from '@hono/zod-openapi';
import { UserIdParams } from '../users.schemas';

export const StatsParams = UserIdParams.extend({
  target: z.enum(['consumption', 'sessions']).openapi({ param: { name: 'target', in: 'path' } }),
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
    target: z.enum(['consumption', 'sessions']),
    type: z.enum(['month', 'year']),
    year: z.number(),
    unit: z.enum(['kWh', 'sessions']),
    data: z.array(z.object({ period: z.string(), value: z.number() })),
  })
  .openapi('FleetUserStats');
