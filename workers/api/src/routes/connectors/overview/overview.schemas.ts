/** @module Schemas of the connector overview: totals by status bucket and the recent faults. */
import type { connectors } from '@db/schema';
import { STATUS_BUCKET } from '@domain/stations/statuses';
import { z } from '@hono/zod-openapi';

export const StatusTotals = z
  .object({ totals: z.record(z.string(), z.number()), total: z.number() })
  .openapi('StatusTotals');

export const RecentFaults = z
  .object({
    data: z.array(
      z.object({
        id: z.number(),
        evseId: z.string().nullable(),
        status: z.string(),
        bucket: z.string(),
        errorCode: z.string().nullable(),
        statusInfo: z.string().nullable(),
        since: z.string().nullable(),
        stationName: z.string(),
        city: z.string().nullable(),
      }),
    ),
    total: z.number(),
  })
  .openapi('RecentFaults');

/** A faulted connector with its station's name and city → a row of `RecentFaults`. */
export const toFault = (row: { c: typeof connectors.$inferSelect; station: string; city: string | null }) => ({
  id: row.c.id,
  evseId: row.c.evseId,
  status: row.c.status,
  bucket: STATUS_BUCKET[row.c.status],
  errorCode: row.c.errorCode,
  statusInfo: row.c.statusInfo,
  since: row.c.statusChangedAt?.toISOString() ?? null,
  stationName: row.station,
  city: row.city,
});
