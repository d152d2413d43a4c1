/** @module Shapes of the job-runs API (issue 17 part 10): a run, a page of runs, the hand trigger. */
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

export const ListQuery = z.object(pageQueryFields(25));

/** A month 'YYYY-MM'; the handler refuses a month that is not over. */
export const RunBody = z.strictObject({
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'cpoInvoiceMonthInvalid' })
    .optional()
    .openapi({ example: '2026-10', description: 'The month to bill; default the previous month' }),
});

export const RunSchema = z
  .object({
    id: z.number(),
    job: z.string(),
    period: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    processed: z.number(),
    total: z.number().nullable(),
    chunks: z.number(),
    cursor: z.string().nullable(),
    triggered_by: z.number().nullable(),
    error: z.string().nullable(),
    started_at: z.string(),
    heartbeat_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi('JobRun');

export const RunPage = pageOf(RunSchema).openapi('JobRunPage');

export interface RunRow {
  id: number;
  job: string;
  period: string;
  status: 'running' | 'done' | 'failed';
  cursor: string | null;
  processed: number;
  total: number | null;
  chunks: number;
  triggered_by: number | null;
  error: string | null;
  started_at: number;
  heartbeat_at: number | null;
  finished_at: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toRun(r: RunRow): z.infer<typeof RunSchema> {
  return {
    ...r,
    started_at: new Date(r.started_at).toISOString(),
    heartbeat_at: iso(r.heartbeat_at),
    finished_at: iso(r.finished_at),
  };
}
