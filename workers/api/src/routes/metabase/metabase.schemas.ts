/** @module Shapes of the Metabase signed embedding (spec 001 §7.18 `metabase/dashboard/{id}`, ADR 055). */
import { z } from '@hono/zod-openapi';

export const DashboardParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, description: "The numeric id of the company's Metabase dashboard" }),
});

export const MetabaseEmbed = z
  .object({
    url: z.string().openapi({
      description:
        "The dashboard's signed embed address (JWT HS256, valid 10 minutes, locked to the caller's company subtree)",
    }),
  })
  .openapi('MetabaseEmbed');
