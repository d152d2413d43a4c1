/** @module Parameters and answer of the availability KPI (`kpi/availability/{year}/{month}[/{day}]`). */

import type { BucketAvailability } from '@domain/kpi/availability';
import { z } from '@hono/zod-openapi';

export const Availability = z
  .object({
    timeZone: z.string(),
    from: z.string(),
    to: z.string(),
    /** Share of in-service connector time that was available, 0..1; null without data. */
    availability: z.number().nullable(),
    connectors: z.number(),
    buckets: z.array(
      z.object({ start: z.string(), end: z.string(), availability: z.number().nullable(), inServiceHours: z.number() }),
    ),
  })
  .openapi('Availability');

const Year = z.coerce.number().int().min(2000).max(2100);
const Month = z.coerce.number().int().min(1).max(12);

export const MonthParams = z.object({ year: Year, month: Month });
export const DayParams = z.object({ year: Year, month: Month, day: z.coerce.number().int().min(1).max(31) });

/** One bucket's availability as answered (in-service time in hours, two decimals). */
export const toBucket = (b: BucketAvailability) => ({
  start: new Date(b.start).toISOString(),
  end: new Date(b.end).toISOString(),
  availability: b.availability,
  inServiceHours: Math.round((b.inServiceMs / 3_600_000) * 100) / 100,
});
