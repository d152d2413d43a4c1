/**
 * @module Warehouse sync throughput for `npm run bench:reporting`: the real job (`syncWarehouse`,
 * workers/cron/src/warehouse-sync.ts) run in this process against Miniflare's local D1 and the local
 * PostgreSQL through the neon driver and the ws proxy; beside it, baselines of the same session rows:
 * a bare multi-row INSERT through the same driver and proxy (no transaction, watermark or job run), and
 * PostgreSQL copying them inside the server (no wire at all).
 */
import type { WarehouseSettings } from '@db/warehouse/client';
import { factSessions } from '@db/warehouse/schema';
import type { Pool } from '@neondatabase/serverless';
import { getTableColumns } from 'drizzle-orm';
import { syncWarehouse } from '../../workers/cron/src/warehouse-sync';
import { SYNCED_TABLES } from '../../workers/cron/src/warehouse-sync.tables.store';
import { cpuMeter } from './measure';

const per = (ms: number, rows: number) => `${((ms / rows) * 1000).toFixed(1)} ms CPU per 1,000 rows`;

function line(label: string, rows: number, seconds: number, cpu: { node: number; pg: number }) {
  console.log(
    `  ${label}: ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en')} rows/s; ` +
      `Node+workerd ${per(cpu.node, rows)}, PostgreSQL ${per(cpu.pg, rows)}`,
  );
}

/** Times one sync of everything in D1; then the two baselines over the same session rows. */
export async function benchSync(d1: D1Database, settings: WarehouseSettings, pool: Pool, pgPid: number) {
  let meter = cpuMeter(pgPid);
  let t0 = performance.now();
  const outcome = await syncWarehouse({ ...settings, DB: d1 }, { settleMs: 0 });
  const seconds = (performance.now() - t0) / 1000;
  const copied = Object.values(outcome?.rows ?? {}).reduce((a, b) => a + b, 0);
  console.log(
    `  the job copied ${Object.entries(outcome?.rows ?? {})
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
  line(
    'warehouse sync (the job: D1 read, upsert + watermark per chunk of 500, job run)',
    copied,
    seconds,
    meter.read(),
  );

  // The same session rows, read once through the job's own query and mapping (not timed).
  const sessions = SYNCED_TABLES.find((t) => t.name === 'fact_sessions');
  if (!sessions) throw new Error('no fact_sessions in SYNCED_TABLES');
  const rows: Record<string, unknown>[] = [];
  let mark = { at: 0, id: 0 };
  for (;;) {
    const batch = await sessions.read(d1, mark, Number.MAX_SAFE_INTEGER, 5000);
    const last = batch.at(-1);
    if (!last) break;
    rows.push(...batch.map(sessions.toWarehouse));
    mark = sessions.position(last);
  }
  const columns = getTableColumns(factSessions);
  const keys = Object.keys(rows[0] ?? {});
  const names = keys.map((k) => `"${columns[k as keyof typeof columns].name}"`).join(', ');
  await pool.query('DROP TABLE IF EXISTS bench_insert; CREATE TABLE bench_insert (LIKE fact_sessions INCLUDING ALL)');
  meter = cpuMeter(pgPid);
  t0 = performance.now();
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    const values = part.map((_, r) => `(${keys.map((_, c) => `$${r * keys.length + c + 1}`).join(', ')})`);
    await pool.query(
      `INSERT INTO bench_insert (${names}) VALUES ${values.join(', ')}`,
      part.flatMap((row) => keys.map((k) => row[k])),
    );
  }
  line(
    'baseline: bare multi-row INSERT of the same sessions, 500 a statement, same driver and proxy',
    rows.length,
    (performance.now() - t0) / 1000,
    meter.read(),
  );
  await pool.query('DROP TABLE IF EXISTS bench_copy; CREATE TABLE bench_copy (LIKE fact_sessions INCLUDING ALL)');
  meter = cpuMeter(pgPid);
  t0 = performance.now();
  await pool.query('INSERT INTO bench_copy SELECT * FROM fact_sessions');
  line(
    'baseline: PostgreSQL copying them inside the server (INSERT … SELECT, no wire)',
    rows.length,
    (performance.now() - t0) / 1000,
    meter.read(),
  );
  await pool.query('DROP TABLE bench_insert; DROP TABLE bench_copy');
}
