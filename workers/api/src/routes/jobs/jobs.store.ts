/**
 * @module Job-run reads of the API: the platform's scheduled-job runs (counts and states, no company
 * data), readable only with 'billing:jobs'.
 */
import type { Db } from '@db/db';
import { jobRuns } from '@db/schema';
import { count, desc } from 'drizzle-orm';
import type { RunRow } from './jobs.schemas';

export async function listRuns(db: Db, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(jobRuns)
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(perPage)
      .offset(page * perPage),
    db.select({ n: count() }).from(jobRuns).get(),
  ]);
  const data: RunRow[] = rows.map((r) => ({
    id: r.id,
    job: r.job,
    period: r.period,
    status: r.status,
    cursor: r.cursor,
    processed: r.processed,
    total: r.total,
    chunks: r.chunks,
    triggered_by: r.triggeredBy,
    error: r.error,
    started_at: r.startedAt.getTime(),
    heartbeat_at: r.heartbeatAt?.getTime() ?? null,
    finished_at: r.finishedAt?.getTime() ?? null,
  }));
  return { data, total: total?.n ?? 0 };
}
