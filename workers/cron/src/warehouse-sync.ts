/**
 * @module The warehouse sync job (issue 21 part 1, ADR 052): copies what changed in D1 since each
 * table's watermark into the Postgres warehouse, in chunks of rows in (updated_at, id) order. Each
 * chunk is upserted with its watermark in one Postgres transaction, so a run cut short (CPU limit,
 * deploy, crash, or the chunk budget of one invocation) resumes at the next tick from where it
 * stopped, and a rerun copies nothing twice. Every invocation is one run on the job-runs page: rows
 * copied, chunks, the rows per table (in `cursor`), start and end. Without `NEON_DATABASE_URL` it does
 * nothing: reports read D1.
 */
import { openWarehouse, type WarehouseSettings } from '@db/warehouse/client';
import { finishRun, heartbeat, saveChunk, startRun, WAREHOUSE_SYNC_JOB } from './job-runs.store';
import { applyTombstones, pruneTombstones, readTombstones, TOMBSTONES } from './warehouse-sync.deletes.store';
import { SYNCED_TABLES } from './warehouse-sync.tables.store';
import { watermarkOf, writeChunk } from './warehouse-sync.write.store';

export interface SyncEnv extends WarehouseSettings {
  DB: D1Database;
}

export interface SyncOptions {
  /** D1 rows per chunk (one Postgres transaction). */
  chunkSize?: number;
  /** Stop after this many chunks in this invocation (tests interrupt a run with 1). */
  maxChunks?: number;
  /** Stop starting chunks after this many ms of this invocation. */
  budgetMs?: number;
  /**
   * Rows changed in the last `settleMs` wait for the next run: a write whose `updated_at` the worker
   * computed a moment before it committed is still seen, never skipped by a watermark already past it.
   */
  settleMs?: number;
  triggeredBy?: number | null;
  clock?: () => number;
}

export const SYNC_CHUNK = 500;
export const SYNC_SETTLE_MS = 60_000;

export interface SyncOutcome {
  runId: number;
  /** The run's period in `job_runs`: the invocation's start, ISO. */
  period: string;
  /** Rows copied per warehouse table in this invocation, and `deleted`: D1 deletions applied. */
  rows: Record<string, number>;
  chunks: number;
  /** Every table is caught up (false: the budget ran out; the next tick carries on). */
  caughtUp: boolean;
}

const summary = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');

/** One invocation of the sync: null when this deployment has no warehouse. */
export async function syncWarehouse(env: SyncEnv, opts: SyncOptions = {}): Promise<SyncOutcome | null> {
  const warehouse = openWarehouse(env);
  if (!warehouse) return null;
  const clock = opts.clock ?? Date.now;
  const started = clock();
  const chunkSize = opts.chunkSize ?? SYNC_CHUNK;
  const until = started - (opts.settleMs ?? SYNC_SETTLE_MS);
  const period = new Date(started).toISOString();
  let run = await startRun(env.DB, WAREHOUSE_SYNC_JOB, period, 0, opts.triggeredBy ?? null, started);
  const rows: Record<string, number> = {};
  let chunks = 0;
  let caughtUp = true;
  const budgetLeft = () =>
    chunks < (opts.maxChunks ?? Number.POSITIVE_INFINITY) &&
    clock() - started < (opts.budgetMs ?? Number.POSITIVE_INFINITY);
  /** One chunk done: counted, and the run's cursor on the job-runs page moved. */
  const record = async (name: string, n: number) => {
    chunks++;
    rows[name] = (rows[name] ?? 0) + n;
    const cursor = summary(rows);
    await saveChunk(env.DB, run, cursor, n, clock());
    run = { ...run, cursor };
  };
  try {
    for (const table of SYNCED_TABLES) {
      let mark = await watermarkOf(warehouse.db, table.name);
      for (;;) {
        if (!budgetLeft()) {
          caughtUp = false;
          break;
        }
        const batch = await table.read(env.DB, mark, until, chunkSize);
        if (batch.length === 0) break;
        const to = table.position(batch[batch.length - 1] as (typeof batch)[number]);
        await writeChunk(warehouse.db, table, batch.map(table.toWarehouse), to);
        mark = to;
        await record(table.name, batch.length);
        if (batch.length < chunkSize) break;
      }
      if (!caughtUp) break;
    }
    // Then the rows deleted in D1 since (ADR 052 addendum): after the copies, so a deletion wins.
    let mark = await watermarkOf(warehouse.db, TOMBSTONES);
    while (caughtUp) {
      if (!budgetLeft()) {
        caughtUp = false;
        break;
      }
      const batch = await readTombstones(env.DB, mark, chunkSize);
      const last = batch[batch.length - 1];
      if (!last) break;
      await applyTombstones(warehouse.db, batch);
      await pruneTombstones(env.DB, last.id);
      mark = { at: 0, id: last.id };
      await record('deleted', batch.length);
      if (batch.length < chunkSize) break;
    }
    await finishRun(env.DB, run.id, 'done', null, clock());
    return { runId: run.id, period, rows, chunks, caughtUp };
  } catch (err) {
    const message = String(err).slice(0, 500);
    await heartbeat(env.DB, run.id, message, clock());
    await finishRun(env.DB, run.id, 'failed', message, clock());
    throw err;
  } finally {
    await warehouse.end();
  }
}
