/** @module Parameters of the maintenance commands on one connector and of the status page's lookup. */

import { z } from '@hono/zod-openapi';

export const ById = z.object({ id: z.coerce.number().int().positive() });

export const ResetQuery = z.object({ type: z.enum(['Soft', 'Hard']).default('Soft') });

export const StatusParams = z.object({
  stationUid: z.string().min(1).max(100),
  connectorUid: z.string().min(1).max(100),
});
