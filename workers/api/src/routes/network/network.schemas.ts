/** @module Schema of the network status dashboard (`GET /network-status`). */
import { z } from '@hono/zod-openapi';

const Breakdown = z.object({ total: z.number(), buckets: z.record(z.string(), z.number()) });

export const NetworkStatus = z
  .object({
    silentMinutes: z.number(),
    stations: z.object({ total: z.number(), online: z.number(), offline: z.number(), neverSeen: z.number() }),
    byCity: z.array(Breakdown.extend({ city: z.string().nullable() })),
    byOperator: z.array(Breakdown.extend({ id: z.number(), name: z.string() })),
    notHeardFrom: z.array(
      z.object({
        id: z.number(),
        uid: z.string(),
        name: z.string(),
        city: z.string().nullable(),
        lastSeenAt: z.string().nullable(),
        connectorId: z.number().nullable(),
      }),
    ),
  })
  .openapi('NetworkStatus');
