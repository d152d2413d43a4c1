/**
 * @module `npm run bench:billing -- monthly`: the monthly usage invoice job (issue 17 parts 10, 13) over
 * a fresh local D1 (Miniflare's workerd D1, the file `wrangler d1 migrations apply --local` makes,
 * seeded with node:sqlite as bench-sessions does): 10,000 fleet users of a few hundred fleet companies
 * with 300,000 priced sessions in October 2026. The job's own code (workers/cron/src/monthly-invoices.ts,
 * `continueMonthlyRun`, chunks of 25 companies) runs in this Node process against that D1 through
 * Miniflare's binding proxy, and mirrors every invoice to the project's local Stripe-compatible server
 * (scripts/stripe-fake, in a child process so its memory and CPU are not counted) unless `--no-stripe`.
 * Printed: total time, CPU ms of the job's own code per chunk (p50/p95/max; D1 work runs in workerd
 * and Stripe's in the child, so neither is in it), peak memory of this process, invoices and lines
 * made; baseline in the same run: a bare insert of the same invoice and line rows into copies of the
 * two tables. Then the run is started again from scratch (its job_runs row removed) to show the second
 * run bills nobody twice. Options: `--users N --sessions N --companies N --no-stripe`. Self-stopping
 * (90 minutes at most).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import Stripe from 'stripe';
import { continueMonthlyRun, startMonthlyRun } from '../workers/cron/src/monthly-invoices';
import { benchWorkspace, intOption } from './bench-lib';
import { bin, runNode } from './lib.mjs';
import { freePort } from './node-processes';

const PERIOD = '2026-10';
const MONTH_START = Date.UTC(2026, 9, 1);
const MONTH_MS = 31 * 86_400_000 - 7_200_000;
const KEY = 'sk_test_bench_billing';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (b: number) => `${(b / 1_048_576).toFixed(0)} MiB`;

/** Companies, customers, stations, users with one card each, sessions: straight into the D1 file. */
function seed(file: string, n: { users: number; sessions: number; companies: number }, customers: string[]) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144');
  const last = n.companies + 1;
  db.exec(`
    INSERT INTO companies (id, name, country, cpms) VALUES (1, 'Bench operator', 'FR', 'public');
    WITH RECURSIVE c(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM c WHERE i < ${last})
    INSERT INTO companies (id, name, country, is_evfleet, currency, time_zone, saas_fee, keyfob_fee,
      monthly_connector_fee, annual_platform_fee, contract_start_date)
    SELECT i, 'Fleet ' || i, 'FR', 1, 'EUR', 'Europe/Paris', 5000, 150, 300, 90000, '2025-10-01' FROM c;
    WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 50)
    INSERT INTO stations (id, uid, name, company_id, city) SELECT i, 'BB-' || i, 'Depot ' || i, 1, 'Lyon' FROM s;
    WITH RECURSIVE u(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM u WHERE i < ${n.users})
    INSERT INTO users (id, company_id, email) SELECT i, 2 + (i % ${n.companies}), 'driver' || i || '@bench.test' FROM u;
    WITH RECURSIVE u(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM u WHERE i < ${n.users})
    INSERT INTO rfids (company_id, key_hanger_code, uuid, user_id) SELECT 2 + (i % ${n.companies}), 'K' || i, 'BENCH' || i, i FROM u;
  `);
  const insert = db.prepare(
    `INSERT INTO billing_customers (company_id, owner_company_id, stripe_customer_id, name) VALUES (?, 1, ?, ?)`,
  );
  for (const [i, id] of customers.entries()) insert.run(BigInt(i + 2), id, `Fleet ${i + 2}`);
  const batch = 50_000;
  for (let from = 0; from < n.sessions; from += batch) {
    const to = Math.min(n.sessions, from + batch);
    db.exec(`BEGIN;
      WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to - 1})
      INSERT INTO charging_sessions (cdr_id, status, station_id, connector_number, company_id, user_id, auth_id,
        start_key, cdr_start, cdr_end, meter_start_wh, meter_stop_wh, cdr_consumed_energy, station_name, currency,
        pricing_status, emp_price_total, cdr_needs_revision)
      SELECT 'B' || i, 'closed', 1 + (i % 50), 1, 1, 1 + (i % ${n.users}), 'BENCH', 'k' || i,
        ${MONTH_START} + (i * 7919) % ${MONTH_MS}, ${MONTH_START} + (i * 7919) % ${MONTH_MS} + 3600000,
        0, 5000 + (i % 40) * 500, 5000 + (i % 40) * 500, 'Depot ' || (1 + (i % 50)), 'EUR', 'priced',
        200 + (i * 37) % 2800, CASE WHEN i % 100 = 0 THEN 1 ELSE 0 END
      FROM s;
      COMMIT;`);
  }
  db.close();
}

/** The local Stripe-compatible server in a child process, on a free loopback port. */
async function stripeFake(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/stripe-fake/server.ts', '--port', String(port), '--webhook-secret', 'whsec_bench'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => (String(d).includes('listening') ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`stripe-fake exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function count(d1: D1Database, sql: string) {
  return (await d1.prepare(sql).first<{ n: number }>())?.n ?? 0;
}

/** One run of the job to its end, timed; CPU of this process between chunk ends, peak memory. */
async function runJob(env: { DB: D1Database; STRIPE_SECRET_KEY?: string; STRIPE_API_BASE?: string }) {
  const cpu: number[] = [];
  let peak = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  let mark = process.cpuUsage();
  const t0 = performance.now();
  await startMonthlyRun(env, PERIOD, null);
  const run = await continueMonthlyRun(env, PERIOD, {
    onChunk: () => {
      const used = process.cpuUsage(mark);
      cpu.push((used.user + used.system) / 1000);
      mark = process.cpuUsage();
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heap = Math.max(heap, m.heapUsed);
    },
  });
  return { run, seconds: (performance.now() - t0) / 1000, cpu: cpu.sort((a, b) => a - b), peak, heap };
}

/** The baseline: the same invoice and line rows inserted bare into copies of the tables, same batching. */
async function bareInsert(d1: D1Database) {
  await d1.batch([
    d1.prepare('CREATE TABLE bench_invoices AS SELECT * FROM billing_invoices WHERE 0'),
    d1.prepare('CREATE TABLE bench_lines AS SELECT * FROM billing_invoice_lines WHERE 0'),
  ]);
  const { results: invoices } = await d1.prepare('SELECT * FROM billing_invoices ORDER BY id').all();
  const { results: lines } = await d1.prepare('SELECT * FROM billing_invoice_lines ORDER BY invoice_id, id').all();
  const byInvoice = new Map<unknown, Record<string, unknown>[]>();
  for (const l of lines) byInvoice.set(l.invoice_id, [...(byInvoice.get(l.invoice_id) ?? []), l]);
  const t0 = performance.now();
  for (const inv of invoices) {
    const cols = Object.keys(inv);
    const statements = [
      d1
        .prepare(`INSERT INTO bench_invoices (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`)
        .bind(...cols.map((c) => inv[c] ?? null)),
    ];
    const own = byInvoice.get(inv.id) ?? [];
    const lineCols = [
      'invoice_id',
      'kind',
      'description',
      'quantity',
      'unit_amount',
      'amount',
      'currency',
      'session_id',
    ];
    // 8 columns a row: 12 rows a statement under D1's 100 bound parameters.
    for (let i = 0; i < own.length; i += 12) {
      const part = own.slice(i, i + 12);
      statements.push(
        d1
          .prepare(
            `INSERT INTO bench_lines (${lineCols.join(',')}) VALUES ${part.map(() => `(${lineCols.map(() => '?').join(',')})`).join(',')}`,
          )
          .bind(...part.flatMap((l) => lineCols.map((c) => l[c] ?? null))),
      );
    }
    await d1.batch(statements);
  }
  return (performance.now() - t0) / 1000;
}

export async function benchMonthly(): Promise<void> {
  const users = intOption('users', 10_000, 1_000_000);
  const sessions = intOption('sessions', 300_000, 5_000_000);
  const companies = intOption('companies', 300, 100_000);
  const withStripe = !process.argv.includes('--no-stripe');
  const { state: dir, cleanUp, onDispose } = benchWorkspace('bench-billing-monthly', 90);
  const log = (s: string) => console.log(`▸ ${s}`);
  let fake: { url: string; child: ChildProcess } | null = null;
  try {
    log(`fresh local D1 in ${dir}; applying migrations …`);
    runNode(bin.wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], { quiet: true });
    const d1Dir = join(dir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
    const file = readdirSync(d1Dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
    if (!file) throw new Error(`no local D1 file in ${d1Dir}`);
    const customerIds: string[] = [];
    if (withStripe) {
      fake = await stripeFake();
      const stripe = new Stripe(KEY, {
        host: '127.0.0.1',
        port: Number(new URL(fake.url).port),
        protocol: 'http',
        httpClient: Stripe.createFetchHttpClient(),
      });
      for (let i = 0; i < companies; i++)
        customerIds.push((await stripe.customers.create({ name: `Fleet ${i + 2}` })).id);
      log(`local Stripe-compatible server at ${fake.url}: ${companies} customers created`);
    } else {
      for (let i = 0; i < companies; i++) customerIds.push(`cus_bench_${i + 2}`);
      log('--no-stripe: the job runs WITHOUT the Stripe mirror (invoices stay unsynced)');
    }
    log(
      `seeding ${companies} fleet companies, ${users.toLocaleString('en')} users, ${sessions.toLocaleString('en')} sessions …`,
    );
    seed(join(d1Dir, file), { users, sessions, companies }, customerIds);
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        host: '127.0.0.1',
        port: await freePort(),
        cf: false,
        log: new Log(LogLevel.WARN),
        resourcePersistencePath: join(dir, 'v3'),
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
    onDispose(() => mf.dispose());
    const d1 = (await mf.getD1Database('DB', 'bench')) as unknown as D1Database;
    const env = { DB: d1, ...(fake ? { STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: fake.url } : {}) };

    log(
      `run 1: the job for ${PERIOD}, chunks of 25 companies${withStripe ? ', mirrored to Stripe' : ' (no Stripe mirror)'} …`,
    );
    const first = await runJob(env);
    const invoices = await count(d1, 'SELECT count(*) AS n FROM billing_invoices');
    const lines = await count(d1, 'SELECT count(*) AS n FROM billing_invoice_lines');
    const billed = await count(d1, 'SELECT count(*) AS n FROM billed_sessions');
    const unsynced = await count(
      d1,
      'SELECT count(*) AS n FROM billing_invoice_lines WHERE stripe_invoice_item_id IS NULL',
    );
    console.log(
      `  status ${first.run?.status}, ${first.run?.chunks} chunks, ${first.run?.processed}/${first.run?.total} companies`,
    );
    console.log(`  total time ${first.seconds.toFixed(1)} s`);
    console.log(
      `  CPU of the job's code per chunk: p50 ${ms(pct(first.cpu, 50))}, p95 ${ms(pct(first.cpu, 95))}, max ${ms(first.cpu.at(-1) ?? 0)}`,
    );
    console.log(
      `  peak memory of this process: RSS ${mib(first.peak)}, JS heap used ${mib(first.heap)} (sampled after each chunk)`,
    );
    console.log(`  invoices ${invoices}, lines ${lines}, sessions billed ${billed}, lines not on Stripe ${unsynced}`);
    const base = await bareInsert(d1);
    console.log(`  baseline, bare insert of the same ${invoices} invoices and ${lines} lines: ${base.toFixed(1)} s`);

    log('run 2: the same month again from scratch (its job_runs row removed) …');
    await d1.prepare('DELETE FROM job_runs WHERE period = ?1').bind(PERIOD).run();
    const second = await runJob(env);
    const invoices2 = await count(d1, 'SELECT count(*) AS n FROM billing_invoices');
    const lines2 = await count(d1, 'SELECT count(*) AS n FROM billing_invoice_lines');
    const twice = await count(
      d1,
      'SELECT count(*) AS n FROM (SELECT session_id FROM billing_invoice_lines WHERE session_id IS NOT NULL GROUP BY session_id HAVING count(*) > 1)',
    );
    console.log(`  status ${second.run?.status}, total time ${second.seconds.toFixed(1)} s`);
    console.log(
      `  invoices ${invoices2} (+${invoices2 - invoices}), lines ${lines2} (+${lines2 - lines}), sessions on two lines: ${twice}`,
    );
  } finally {
    fake?.child.kill('SIGTERM');
    await cleanUp();
  }
}
