/** @module Shapes of the session filters' choices (issue 24 §6). */

import { z } from '@hono/zod-openapi';

export const OPTION_KINDS = ['station', 'group', 'user', 'corporate_group'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** The pickers of the session filters: search by name, or one choice by id (the label of a filter in the URL). */
export const OptionParams = z.object({
  kind: z.enum(OPTION_KINDS).openapi({ param: { name: 'kind', in: 'path' }, example: 'station' }),
});
export const OptionQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  id: z.coerce.number().int().positive().optional(),
});
export const FilterOptions = z
  .object({ data: z.array(z.object({ id: z.number(), name: z.string(), detail: z.string().nullable() })) })
  .openapi('SessionFilterOptions');
