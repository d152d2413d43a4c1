/** @module Shapes of the fleet user import (spec 7.8 users/import, users/import/uuid). */
import { ErrorSchema } from '@api/lib/route';
import { z } from '@hono/zod-openapi';

const Issue = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});

export const ImportResult = z
  .object({
    variant: z.enum(['standard', 'uuid']),
    dry_run: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    rfids_created: z.number().int(),
    rfids_assigned: z.number().int(),
    ms: z.number(),
  })
  .openapi('UserImportResult');

export const ImportReport = ErrorSchema.extend({ errors: z.array(Issue) }).openapi('UserImportErrors');

export const ImportQuery = z.object({
  dry_run: z.enum(['true', 'false']).optional().openapi({ description: 'Validate only, apply nothing' }),
});

export const TemplateQuery = z.object({ variant: z.enum(['standard', 'uuid']).optional() });
