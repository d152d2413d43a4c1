/**
 * @module A scheduled job's run in `job_runs` (the monthly invoices, the home reimbursements): started
 * once per job and period, chunks saved with a compare-and-set cursor, stale runs, the end.
 */

export const MONTHLY_INVOICES_JOB = 'monthly-invoices';
export const HOME_REIMBURSEMENTS_JOB = 'home-reimbursements';
/** The warehouse sync (ADR 052): one run per invocation, its period the invocation's start (ISO). */
export const WAREHOUSE_SYNC_JOB = 'warehouse-sync';
/** The automatic fault tickets (ADR 054): one run row per UTC day, each five-minute pass counted as a chunk. */
export const FAULT_TICKETS_JOB = 'fault-tickets';
/** The revenue PDFs (ADR 056): one run row per UTC day, each pass that generated (or failed) counted as a chunk. */
export const REVENUE_REPORTS_JOB = 'revenue-reports';
export type JobName =
  | typeof MONTHLY_INVOICES_JOB
  | typeof HOME_REIMBURSEMENTS_JOB
  | typeof WAREHOUSE_SYNC_JOB
  | typeof FAULT_TICKETS_JOB
  | typeof REVENUE_REPORTS_JOB;

/** `started_at` is the row's `created_at`. */
const COLUMNS = `id, job, period, status, cursor, processed, total, chunks, triggered_by, error,
  created_at AS started_at, heartbeat_at, finished_at`;

export interface JobRun {
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

/**
 * Starts the run of `job` for `period` with `total` items to process (a second start finds the first:
 * unique job + period) and answers it.
 */
export async function startRun(
  d1: D1Database,
  job: JobName,
  period: string,
  total: number,
  triggeredBy: number | null,
  now: number,
) {
  await d1
    .prepare(
      `INSERT INTO job_runs (job, period, status, processed, total, chunks, triggered_by, created_at, heartbeat_at)
       VALUES (?1, ?2, 'running', 0, ?3, 0, ?4, ?5, ?5) ON CONFLICT (job, period) DO NOTHING`,
    )
    .bind(job, period, total, triggeredBy, now)
    .run();
  return runOf(d1, job, period) as Promise<JobRun>;
}

export function runOf(d1: D1Database, job: JobName, period: string) {
  return d1.prepare(`SELECT ${COLUMNS} FROM job_runs WHERE job = ?1 AND period = ?2`).bind(job, period).first<JobRun>();
}

/** Runs still `running` whose last heartbeat is older than `before`: a crashed or timed-out worker's. */
export async function staleRuns(d1: D1Database, job: JobName, before: number) {
  const { results } = await d1
    .prepare(
      `SELECT ${COLUMNS} FROM job_runs WHERE job = ?1 AND status = 'running' AND COALESCE(heartbeat_at, created_at) < ?2 ORDER BY id`,
    )
    .bind(job, before)
    .all<JobRun>();
  return results;
}

/**
 * Saves a finished chunk: the cursor moves from `from` to `to` only if no other worker moved it
 * meanwhile (false then: this worker stops, the other carries on).
 */
export async function saveChunk(d1: D1Database, run: JobRun, to: string, processed: number, now: number) {
  const r = await d1
    .prepare(
      `UPDATE job_runs SET cursor = ?1, processed = processed + ?2, chunks = chunks + 1, heartbeat_at = ?3
       WHERE id = ?4 AND status = 'running' AND cursor IS ?5`,
    )
    .bind(to, processed, now, run.id, run.cursor)
    .run();
  return r.meta.changes === 1;
}

export function heartbeat(d1: D1Database, runId: number, error: string | null, now: number) {
  return d1.prepare('UPDATE job_runs SET heartbeat_at = ?1, error = ?2 WHERE id = ?3').bind(now, error, runId).run();
}

export function finishRun(d1: D1Database, runId: number, status: 'done' | 'failed', error: string | null, now: number) {
  return d1
    .prepare(`UPDATE job_runs SET status = ?1, error = ?2, finished_at = ?3, heartbeat_at = ?3 WHERE id = ?4`)
    .bind(status, error, now, runId)
    .run();
}

/**
 * Records one pass of a job that runs every few minutes on the run of its `period` (a day): created by
 * the first pass, then each pass adds what it processed and one chunk, and leaves its outcome.
 */
export function recordPass(
  d1: D1Database,
  job: JobName,
  period: string,
  processed: number,
  error: string | null,
  now: number,
) {
  return d1
    .prepare(
      `INSERT INTO job_runs (job, period, status, processed, chunks, error, created_at, heartbeat_at, finished_at)
       VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, ?6, ?6)
       ON CONFLICT (job, period) DO UPDATE SET status = excluded.status, processed = processed + excluded.processed,
         chunks = chunks + 1, error = excluded.error, heartbeat_at = excluded.heartbeat_at, finished_at = excluded.finished_at`,
    )
    .bind(job, period, error === null ? 'done' : 'failed', processed, error, now)
    .run();
}
