/** @module Shapes of the sessions API (spec 7.15, 7.16): filters in, a variant's columns out. */

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

/** The pickers of the session filters: search by name, or one choice by id (the label of a filter in the URL). */
export const OptionParams = z.object({
  kind: z
    .enum(['station', 'group', 'user', 'corporate_group'])
    .openapi({ param: { name: 'kind', in: 'path' }, example: 'station' }),
});
export const OptionQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  id: z.coerce.number().int().positive().optional(),
});
export const FilterOptions = z
  .object({ data: z.array(z.object({ id: z.number(), name: z.string(), detail: z.string().nullable() })) })
  .openapi('SessionFilterOptions');

const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

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

export const SessionDetail = z
  .object({
    session: z.record(z.string(), CellValue),
    parties: z.array(
      z.object({
        party: z.enum(['emp', 'subcpo', 'owner']),
        priced: z.boolean(),
        reason: z.string().nullable(),
        lines: z.array(z.object({ key: z.string(), value: z.number().nullable() })),
        /** The priced lines that produced the party's price (empty when unpriced or hidden). */
        tariff_lines: z.array(
          z.object({
            dimension: z.string(),
            tariff_id: z.number().nullable(),
            tariff_name: z.string().nullable(),
            element_index: z.number(),
            /** Wh (energy), seconds (time dimensions), 1 (flat), 0 (adjustments). */
            quantity: z.number(),
            /** Ten-thousandths of the currency per kWh, hour or session. */
            unit_price: z.number(),
            vat_bp: z.number().nullable(),
            excl_vat: z.number(),
            incl_vat: z.number(),
          }),
        ),
      }),
    ),
    /** [epoch ms, W, Wh, A?, V?, SoC %?]; the last three only where the charge point reported them. */
    curve: z.array(z.array(z.number().nullable())),
    engineer: z.boolean(),
    /**
     * Which tariff priced each perspective and why every other candidate did not (issue 24 §6);
     * null when the caller may not view tariffs.
     */
    pricing_why: z
      .array(
        z.object({
          perspective: z.enum(['emp', 'subcpo', 'owner']),
          priced_with: z.object({ id: z.number(), name: z.string() }).nullable(),
          would_choose: z.object({ id: z.number(), name: z.string() }).nullable(),
          /** Priced, and today's tariffs would choose another one: re-pricing would change it. */
          stale: z.boolean(),
          candidates: z.array(
            z.object({
              tariff_id: z.number(),
              name: z.string(),
              type: z.string(),
              status: z.string(),
              outcome: z.enum(['chosen', 'outranked', 'excluded']),
              exclusion: z.string().nullable(),
              by: z.number().nullable(),
              criterion: z.string().nullable(),
              approved_after_pricing: z.boolean(),
            }),
          ),
        }),
      )
      .nullable(),
  })
  .openapi('SessionDetail');

export const ActiveSessions = z.object({ data: z.array(z.record(z.string(), CellValue)), total: z.number() });
