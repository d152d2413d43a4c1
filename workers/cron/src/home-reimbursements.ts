/**
 * @module The monthly home reimbursement job (issue 19 part 5, ADR 046): on the 1st of the month,
 * before the usage invoices (so the company's fee is ready for them), it computes the previous month
 * of every employee of a reimbursing fleet company, in chunks of employees in user-id order, on the
 * same `job_runs` machinery as the invoice job (compare-and-set cursor, heartbeat, the five-minute
 * trigger taking over a run whose heartbeat went quiet, by hand from the job-runs page). Per chunk:
 * gather (one D1 round trip) → decide per employee (`employeeMonth`, pure) → write (one batch: each
 * new month with its first event). Idempotent: a month already written is left alone and the unique
 * user + period index makes a second insert a no-op, so a rerun or a resumed chunk changes nothing.
 * Each new month also gets its PDF statement (home-reimbursements-statements.store.ts): the object in R2
 * before the batch, its document row in the batch.
 * A chunk that throws records its error on the run and e-mails the alert addresses of the companies in
 * it (once per distinct error), then the run waits for the five-minute trigger to retry it.
 */
import { enqueueEmail } from '@api/lib/email.store';
import { openDb } from '@db/db';
import { previousPeriod } from '@domain/billing/period';
import { employeeMonth, periodBefore } from '@domain/reimbursement/employee-month';
import { worthRecording } from '@domain/reimbursement/recalc';
import { reimbursementJobs } from '@i18n/areas/reimbursement-jobs';
import {
  alertAddresses,
  type Candidate,
  candidates,
  chunkFacts,
  countEmployees,
  type NewMonth,
  writeNewMonths,
} from './home-reimbursements.store';
import { putStatements, type StatementMonth, statementRows } from './home-reimbursements-statements.store';
import {
  finishRun,
  HOME_REIMBURSEMENTS_JOB,
  heartbeat,
  type JobRun,
  runOf as runOfJob,
  saveChunk,
  staleRuns,
  startRun,
} from './job-runs.store';

export interface ReimbursementJobEnv {
  DB: D1Database;
  /** The files bucket: each new month's PDF statement goes there. Without it no statement is written. */
  FILES?: R2Bucket;
}

export interface ReimbursementJobOptions {
  /** Employees per chunk. */
  chunkSize?: number;
  /** Stop starting chunks after this many ms of this call (the Workers CPU/time budget). */
  budgetMs?: number;
  /** Stop after this many chunks in this call (tests interrupt a run half-way with 1). */
  maxChunks?: number;
  /**
   * Start no chunk that could take the months written in this call past this many: each new month
   * puts one statement in R2, and a Worker invocation has a cap on the calls it makes to other services.
   */
  maxWrites?: number;
  /** Measures each chunk (the benchmark): wall ms, employees, months written. */
  onChunk?: (ms: number, employees: number, written: number) => void;
  clock?: () => number;
}

/**
 * Employees per chunk: one chunk is one gather round trip and one write batch; 200 employees with a
 * month of home sessions each stay far under the CPU limit (`npm run bench:reimbursement`).
 */
export const DEFAULT_CHUNK = 200;

/**
 * Months (so R2 statement puts) one scheduled invocation may write: under Workers' 1,000 calls to other
 * services per invocation with room for the D1 round trips (about three a chunk); the five-minute
 * trigger carries on. 100,000 employees then take about 170 invocations (about 14 hours of five-minute
 * triggers on the 1st); the job is resumable, so nothing waits on it but the month's statements.
 */
export const SCHEDULED_MAX_WRITES = 600;

const runOf = (d1: D1Database, period: string) => runOfJob(d1, HOME_REIMBURSEMENTS_JOB, period);

/**
 * Computes and writes one chunk of employees; answers how many months it wrote. With `files`, each new
 * month's PDF statement is put in R2 first (a fixed key), then its document row goes in the months' batch.
 */
export async function reimburseChunk(
  d1: D1Database,
  chunk: readonly Candidate[],
  period: string,
  runId: number | null,
  now: number,
  files?: R2Bucket,
): Promise<number> {
  const facts = await chunkFacts(d1, chunk, period, periodBefore(period));
  const months: NewMonth[] = [];
  const statements: StatementMonth[] = [];
  for (const e of chunk) {
    if (facts.existing.has(e.userId)) continue;
    const company = facts.companies.get(e.companyId);
    const employee = facts.employees.get(e.userId);
    if (!company || !employee) continue;
    const month = employeeMonth(company, employee, period);
    if (!month.eligible || !worthRecording(month.result)) continue;
    months.push({
      companyId: e.companyId,
      userId: e.userId,
      currency: company.currency,
      status: month.status,
      payoutMethod: month.payoutMethod,
      ibanOwner: e.ibanOwner,
      partnerUserId: e.partnerUserId,
      result: month.result,
    });
    statements.push({
      companyId: e.companyId,
      userId: e.userId,
      homeStationId: employee.homeStations[0]?.id ?? null,
      companyName: company.name,
      employeeName: e.name,
      currency: company.currency,
      status: month.status,
      result: month.result,
    });
  }
  const written = files && statements.length ? await putStatements(files, statements, period, now) : [];
  await writeNewMonths(d1, months, period, runId, now, statementRows(d1, written, period, now));
  return months.length;
}

/** Starts (or finds) the run of `period`. */
export async function startReimbursementRun(
  env: ReimbursementJobEnv,
  period: string,
  triggeredBy: number | null,
  clock = Date.now,
) {
  return startRun(env.DB, HOME_REIMBURSEMENTS_JOB, period, await countEmployees(env.DB), triggeredBy, clock());
}

/** Processes chunks until the run is done, the budget is spent or `maxChunks` ran; answers the run. */
export async function continueReimbursementRun(
  env: ReimbursementJobEnv,
  period: string,
  opts: ReimbursementJobOptions = {},
): Promise<JobRun | null> {
  const d1 = env.DB;
  const clock = opts.clock ?? Date.now;
  const began = clock();
  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK;
  let chunks = 0;
  let writes = 0;
  for (;;) {
    const run = await runOf(d1, period);
    if (run?.status !== 'running') return run;
    if (chunks >= (opts.maxChunks ?? Number.POSITIVE_INFINITY)) return run;
    if (chunks > 0 && clock() - began >= (opts.budgetMs ?? Number.POSITIVE_INFINITY)) return run;
    if (chunks > 0 && writes + chunkSize > (opts.maxWrites ?? Number.POSITIVE_INFINITY)) return run;
    const chunkStart = clock();
    const chunk = await candidates(d1, Number(run.cursor ?? 0), chunkSize);
    if (chunk.length === 0) {
      await finishRun(d1, run.id, 'done', null, clock());
      return runOf(d1, period);
    }
    let written: number;
    try {
      written = await reimburseChunk(d1, chunk, period, run.id, clock(), env.FILES);
    } catch (err) {
      await chunkFailed(d1, run, chunk, period, err, clock());
      throw err;
    }
    writes += written;
    const last = chunk[chunk.length - 1] as Candidate;
    const moved = await saveChunk(d1, run, String(last.userId), chunk.length, clock());
    opts.onChunk?.(clock() - chunkStart, chunk.length, written);
    chunks++;
    // Another worker moved the cursor meanwhile: it carries on; our writes were idempotent.
    if (!moved) return runOf(d1, period);
  }
}

/**
 * Records a failed chunk on the run and, the first time this error is seen on the run, e-mails the
 * alert addresses of the chunk's companies which month failed and why (the error's first line: no
 * data, no secrets).
 */
async function chunkFailed(
  d1: D1Database,
  run: JobRun,
  chunk: readonly Candidate[],
  period: string,
  err: unknown,
  now: number,
) {
  const reason = String(err instanceof Error ? err.message : err)
    .split('\n')[0]
    ?.slice(0, 200) as string;
  const error = `Chunk after employee ${run.cursor ?? 0} failed: ${reason}`;
  await heartbeat(d1, run.id, error, now);
  if (run.error === error) return;
  const to = await alertAddresses(d1, [...new Set(chunk.map((e) => e.companyId))]);
  // The alert addresses are a company's operations inbox; the company has no language of its own.
  const t = reimbursementJobs.en.alert;
  const db = openDb(d1);
  for (const address of to)
    await enqueueEmail(db, {
      to: address,
      subject: t.subject.replace('{{period}}', period),
      text: t.body.replace('{{period}}', period).replace('{{reason}}', reason),
      template: 'home-reimbursement-job-failed',
    });
}

/** Starts the period's run (no-op when it exists) and processes it within the budget. */
export async function runHomeReimbursements(
  env: ReimbursementJobEnv,
  period: string,
  opts: ReimbursementJobOptions = {},
  triggeredBy: number | null = null,
) {
  await startReimbursementRun(env, period, triggeredBy, opts.clock);
  return continueReimbursementRun(env, period, opts);
}

/** The daily trigger: on the 1st (UTC) it computes the previous month. */
export async function homeReimbursementsDaily(env: ReimbursementJobEnv, now: Date, opts: ReimbursementJobOptions = {}) {
  if (now.getUTCDate() !== 1) return null;
  return runHomeReimbursements(env, previousPeriod(now), opts);
}

/** The five-minute trigger: continues every run whose heartbeat went quiet. */
export async function resumeHomeReimbursements(
  env: ReimbursementJobEnv,
  now: number,
  staleAfterMs: number,
  opts: ReimbursementJobOptions = {},
) {
  for (const run of await staleRuns(env.DB, HOME_REIMBURSEMENTS_JOB, now - staleAfterMs))
    await continueReimbursementRun(env, run.period, opts);
}
