/** @module Shapes of the session lists (spec 7.15, 7.16): filters in, a variant's columns out. */

import { SESSION_VARIANTS } from '@domain/sessions/variants';
import { z } from '@hono/zod-openapi';

export const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 12 }),
});

/** Largest export: the spec's bounded-memory figure. */
export const EXPORT_MAX_ROWS = 100_000;

export const SessionFilters = z.strictObject({
  variant: z.enum(SESSION_VARIANTS).optional(),
  /** Period on the session start, ISO 8601 instants (from inclusive, to exclusive). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  station_id: z.number().int().positive().optional(),
  /** Company group (tag) a station belongs to, at any of the four levels. */
  group_id: z.number().int().positive().optional(),
  user_id: z.number().int().positive().optional(),
  corporate_group_id: z.number().int().positive().optional(),
  status: z.enum(['in_progress', 'closed']).optional(),
  needs_revision: z.boolean().optional(),
  keyword: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.number().int().min(0).default(0),
  items_per_page: z.number().int().min(1).max(100).default(25),
  /** Demo mode: e-mails and codes replaced by placeholders 1000–5000. */
  demo: z.boolean().default(false),
  /** Export instead of a page: the whole filtered list (up to 100,000 rows) as a file. */
  format: z.enum(['json', 'xlsx', 'csv', 'pdf']).default('json'),
});
export type SessionFiltersInput = z.infer<typeof SessionFilters>;

export const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const SessionPage = z
  .object({
    variant: z.enum(SESSION_VARIANTS),
    variants: z.array(z.enum(SESSION_VARIANTS)),
    columns: z.array(z.object({ key: z.string(), kind: z.string(), sum: z.boolean(), party: z.string().nullable() })),
    data: z.array(z.record(z.string(), CellValue)),
    total: z.number(),
    page: z.number(),
    items_per_page: z.number(),
    /** Sums over the whole filtered list; a price sum is null when no session in it is priced. */
    sums: z.record(z.string(), z.number().nullable()),
    unpriced: z.number(),
    currency: z.string(),
  })
  .openapi('SessionPage');

export const ActiveSessions = z.object({ data: z.array(z.record(z.string(), CellValue)), total: z.number() });
