/**
 * @module `npm run bench:reporting` (issue 21 part 10): a year of a 50,000-connector network in a
 * PostgreSQL warehouse started by the bench (scripts/warehouse, a temporary data folder removed at the
 * end, 127.0.0.1 only) and in Miniflare's local D1. Printed, each with CPU per unit of work beside the
 * wall time and a baseline from the same run:
 * - warehouse sync throughput: the real job over the D1 sessions (scripts/bench-reporting/sync.ts)
 *   beside a bare multi-row INSERT and an in-server copy of the same rows;
 * - report queries p95: `ReportSource.totals` (GET total-stats) for the whole network and one
 *   sub-operator, on D1 and on the warehouse at D1's size (the baseline), then on the warehouse at
 *   `--sessions` (the rest generated inside PostgreSQL with generate_series);
 * - the dashboards' chart queries p95 (scripts/bench-reporting/charts.ts), each chart over a month for the
 *   same two companies, on D1, on the warehouse at D1's size and on the warehouse at `--sessions`;
 * - the monthly revenue PDF of the root company (scripts/bench-reporting/pdf.ts): figures, render, peak RSS.
 * Options: `--sessions N` (warehouse total, default 2,000,000), `--d1-sessions N` (default 100,000),
 * `--connectors N` (default 50,000), `--runs R` (default 10). Stops by itself (120 minutes at most).
 */
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '@db/db';
import { openWarehouse } from '@db/warehouse/client';
import { reportMonths } from '@domain/co2/periods';
import { neonConfig } from '@neondatabase/serverless';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import ws from 'ws';
import { d1Source, warehouseSource } from '../workers/api/src/routes/reporting/reporting.store';
import { benchWorkspace, intOption, log } from './bench-lib';
import { benchCharts } from './bench-reporting/charts';
import { fmtTimed, postmasterPid, timeRuns } from './bench-reporting/measure';
import { benchPdf } from './bench-reporting/pdf';
import { generateWarehouse, SUB_OPERATORS, seedD1, YEAR_FROM, YEAR_TO } from './bench-reporting/seed';
import { benchSync } from './bench-reporting/sync';
import { bin, runNode } from './lib.mjs';
import { freePort } from './node-processes';
import { startLocalWarehouse } from './warehouse/local';

const sessions = intOption('sessions', 2_000_000, 50_000_000);
const d1Sessions = intOption('d1-sessions', 100_000, 20_000_000);
const connectors = intOption('connectors', 50_000, 1_000_000);
const runs = intOption('runs', 10, 1000);
if (d1Sessions > sessions) throw new Error('--d1-sessions must not exceed --sessions');

const { state, cleanUp, onDispose } = benchWorkspace('bench-reporting', 120);
const disposers: (() => Promise<void>)[] = [];
onDispose(async () => {
  for (const f of disposers.reverse()) await f().catch(() => undefined);
});

try {
  log(`fresh local D1 in ${state}; applying migrations …`);
  runNode(bin.wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { quiet: true });
  const d1Dir = join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(d1Dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no local D1 file in ${d1Dir}`);
  let t0 = performance.now();
  seedD1(join(d1Dir, file), { connectors, sessions: d1Sessions });
  log(
    `D1: ${SUB_OPERATORS + 1} companies, ${connectors.toLocaleString('en')} connectors, ${d1Sessions.toLocaleString('en')} sessions of ${YEAR_FROM}…${YEAR_TO} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: await freePort(),
      cf: false,
      log: new Log(LogLevel.WARN),
      resourcePersistencePath: join(state, 'v3'),
      workers: [
        {
          name: 'bench',
          modules: true,
          script: 'export default { fetch() { return new Response("") } }',
          compatibilityDate: '2026-10-01',
          d1Databases: { DB: '00000000-0000-0000-0000-000000000001' },
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  disposers.push(() => mf.dispose());
  const d1 = (await mf.getD1Database('DB', 'bench')) as unknown as D1Database;

  const pgRoot = join(state, '..', 'pg');
  chmodSync(join(state, '..'), 0o755);
  const pgData = join(pgRoot, 'data');
  const warehouse = await startLocalWarehouse(pgData, await freePort(), await freePort());
  disposers.push(() => warehouse.stop());
  neonConfig.webSocketConstructor = ws;
  const settings = { NEON_DATABASE_URL: warehouse.NEON_DATABASE_URL, NEON_WS_PROXY: warehouse.NEON_WS_PROXY };
  const wh = openWarehouse(settings);
  if (!wh) throw new Error('no warehouse');
  disposers.push(() => wh.end());
  const pgPid = postmasterPid(pgData);
  log(
    `PostgreSQL on ${warehouse.NEON_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} through the ws proxy ${warehouse.NEON_WS_PROXY}`,
  );

  console.log('\nwarehouse sync throughput');
  await benchSync(d1, settings, wh.pool, pgPid);

  const months = reportMonths('Europe/Paris', YEAR_FROM, YEAR_TO) ?? [];
  const fromD1 = d1Source(openDb(d1));
  const fromWarehouse = warehouseSource(settings);
  if (!fromWarehouse) throw new Error('no warehouse source');
  disposers.push(() => fromWarehouse.end());
  const companies = [
    [1, 'the whole network (root operator)'],
    [2, `one sub-operator (1/${SUB_OPERATORS} of the stations)`],
  ] as const;
  const totals = async (label: string, source: typeof fromD1, size: number) => {
    for (const [companyId, who] of companies) {
      const f = { companyId, months, kind: 'all' as const };
      try {
        const counted = (await source.totals(f)).reduce((n, r) => n + r.sessions, 0);
        const t = await timeRuns(runs, pgPid, () => source.totals(f));
        console.log(
          `  ${label}, ${size.toLocaleString('en')} sessions, ${who} (${counted.toLocaleString('en')} counted): ${fmtTimed(t)}`,
        );
      } catch (err) {
        // Miniflare's local D1 may give up on a long query (its workerd closes the connection): said, not hidden.
        console.log(`  ${label}, ${size.toLocaleString('en')} sessions, ${who}: FAILED (${String(err).slice(0, 160)})`);
      }
    }
  };
  console.log(`\nreport query: ReportSource.totals (GET total-stats), 12 months, ${runs} runs after one warm-up`);
  await totals('D1 (Miniflare, workerd SQLite)', fromD1, d1Sessions);
  await totals('baseline: warehouse at D1’s size', fromWarehouse, d1Sessions);
  console.log(`\ndashboard charts (GET dashboard/{id}/charts/{chartId}), October 2026, ${runs} runs after one warm-up`);
  await benchCharts('D1 (Miniflare, workerd SQLite)', fromD1, d1Sessions, companies, runs, pgPid);
  await benchCharts('baseline: warehouse at D1’s size', fromWarehouse, d1Sessions, companies, runs, pgPid);
  const pdf = async (source: typeof fromD1, size: number) => {
    try {
      await benchPdf(source, pgPid, 1, YEAR_TO, size);
    } catch (err) {
      console.log(`  ${source.name}, ${size.toLocaleString('en')} sessions: FAILED (${String(err).slice(0, 160)})`);
    }
  };
  console.log('\nmonthly revenue PDF (the revenue reports job’s figures + renderRevenueReport), one run each');
  await pdf(fromD1, d1Sessions);
  await pdf(fromWarehouse, d1Sessions);
  if (sessions > d1Sessions) {
    t0 = performance.now();
    await generateWarehouse(wh.pool, { connectors, from: d1Sessions + 1, to: sessions });
    const size = await wh.pool.query(
      "SELECT pg_size_pretty(pg_total_relation_size('fact_sessions')) AS size, count(*) AS n FROM fact_sessions",
    );
    log(
      `warehouse: ${(sessions - d1Sessions).toLocaleString('en')} more sessions generated in PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(0)} s; fact_sessions ${Number(size.rows[0].n).toLocaleString('en')} rows, ${size.rows[0].size}`,
    );
    await totals('warehouse', fromWarehouse, sessions);
    await benchCharts('warehouse', fromWarehouse, sessions, companies, runs, pgPid);
    await pdf(fromWarehouse, sessions);
  }
} finally {
  await cleanUp();
}
process.exit(0);
