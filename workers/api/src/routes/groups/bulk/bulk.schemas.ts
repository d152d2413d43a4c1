/** @module Bodies and answers of bulk connector-group changes (`groups/{id}/bulk`, its jobs and chunks). */

import { ConnectorListBody } from '@api/routes/connectors/list/list.schemas';
import { MAX_BULK_IDS } from '@domain/groups/bulk-limits';
import { z } from '@hono/zod-openapi';

/** The connector list's filters without paging and sort: "every connector the list shows". */
export const BulkFilter = ConnectorListBody.omit({ page: true, items_per_page: true, sort: true, direction: true });

/** Either the selected ids, or the list's filter when every matching row is selected (never both). */
export const BulkMembersBody = z
  .strictObject({
    action: z.enum(['add', 'remove']),
    connector_ids: z.array(z.number().int().positive()).min(1).max(MAX_BULK_IDS).optional(),
    filter: BulkFilter.optional(),
  })
  .refine((b) => (b.connector_ids === undefined) !== (b.filter === undefined), {
    message: 'Give either connector_ids or filter.',
    path: ['connector_ids'],
  })
  .openapi('ConnectorGroupBulk');

/** What a bulk call changed: `added`/`removed`, and the ids that were already (or were not) members. */
export const BulkMembersResult = z
  .object({
    group_id: z.number(),
    action: z.enum(['add', 'remove']),
    requested: z.number(),
    added: z.number(),
    already_members: z.number(),
    removed: z.number(),
    not_members: z.number(),
    connector_count: z.number(),
    /** With a filter: the connectors it matched in the caller's scope (what `requested` counts). */
    matched: z.number().optional(),
  })
  .openapi('ConnectorGroupBulkResult');

/** A bulk change resolved once: apply its `chunks` one by one (`.../bulk/jobs/{job}/chunks/{index}`). */
export const BulkJob = z
  .object({
    job_id: z.number(),
    group_id: z.number(),
    action: z.enum(['add', 'remove']),
    /** Connectors the job covers (deduplicated); with a filter, what it matched in the caller's scope. */
    total: z.number(),
    chunk_size: z.number(),
    chunks: z.number(),
  })
  .openapi('ConnectorGroupBulkJob');

export const BulkChunkParams = z.object({
  id: z.coerce.number().int().positive(),
  job: z.coerce.number().int().positive(),
  index: z.coerce.number().int().min(0),
});

/** What one chunk changed; `skipped` counts connectors no longer in the caller's scope (left alone). */
export const BulkChunkResult = BulkMembersResult.omit({ matched: true })
  .extend({ job_id: z.number(), index: z.number(), skipped: z.number() })
  .openapi('ConnectorGroupBulkChunkResult');
