/**
 * @module `npm run bench:reimbursement`: the monthly home reimbursement job (issue 19 part 5) over a
 * fresh local D1 (Miniflare's workerd D1, the file `wrangler d1 migrations apply --local` makes,
 * seeded with node:sqlite as bench-billing-monthly does): 100,000 employees of 100 reimbursing fleet
 * companies, each with an online home station and their own tariffs (a price change on the 16th), and
 * 3,000,000 closed home sessions in October 2026. The job's own code (workers/cron/src/home-reimbursements.ts,
 * `continueReimbursementRun`, chunks of 200 employees) runs in this Node process against that D1
 * through Miniflare's binding proxy. Printed: total time, CPU ms of the job's own code per chunk
 * (p50/p95/max; D1's work runs in workerd, so it is not in it), peak memory of this process, months
 * written; baseline in the same run: a bare aggregate of the same sessions per employee
 * (`SELECT user_id, sum(energy) … GROUP BY`). Each new month also gets its PDF statement in a local R2
 * bucket (Miniflare's), as the job writes them. Options: `--employees N --sessions N --companies N`.
 * Self-stopping (60 minutes at most).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { employeeMonth } from '../domain/reimbursement/employee-month';
import { continueReimbursementRun, startReimbursementRun } from '../workers/cron/src/home-reimbursements';
import { candidates, chunkFacts } from '../workers/cron/src/home-reimbursements.store';
import { benchWorkspace, intOption, log } from './bench-lib';
import { bin, runNode } from './lib.mjs';
import { freePort } from './node-processes';

const PERIOD = '2026-10';
const MONTH_START = Date.UTC(2026, 9, 1);
const MONTH_MS = 31 * 86_400_000 - 7_200_000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (b: number) => `${(b / 1_048_576).toFixed(0)} MiB`;

/** Companies with their settings and setting 25, employees, home stations, tariffs, sessions: into the D1 file. */
function seed(file: string, n: { employees: number; sessions: number; companies: number }) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144');
  const last = n.companies + 1;
  db.exec(`BEGIN;
    INSERT INTO companies (id, name, country, cpms) VALUES (1, 'Bench operator', 'FR', 'public');
    WITH RECURSIVE c(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM c WHERE i < ${last})
    INSERT INTO companies (id, name, country, is_evfleet, currency, time_zone)
    SELECT i, 'Fleet ' || i, 'FR', 1, 'EUR', 'Europe/Paris' FROM c;
    WITH RECURSIVE c(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM c WHERE i < ${last})
    INSERT INTO company_service_settings (company_id, setting_id) SELECT i, 25 FROM c;
    WITH RECURSIVE c(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM c WHERE i < ${last})
    INSERT INTO home_reimbursement_settings (company_id, active, type) SELECT i, 1, 'employee' FROM c;
    WITH RECURSIVE u(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM u WHERE i < ${n.employees})
    INSERT INTO users (id, company_id, email) SELECT i, 2 + (i % ${n.companies}), 'emp' || i || '@bench.test' FROM u;
    WITH RECURSIVE u(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM u WHERE i < ${n.employees})
    INSERT INTO stations (id, uid, name, company_id, city) SELECT i, 'HOME-' || i, 'Home ' || i, 1, 'Lyon' FROM u;
    WITH RECURSIVE u(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM u WHERE i < ${n.employees})
    INSERT INTO home_stations (company_id, user_id, station_id, name) SELECT 2 + (i % ${n.companies}), i, i, 'Garage' FROM u;
    WITH RECURSIVE u(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM u WHERE i < ${n.employees})
    INSERT INTO reimbursement_tariffs (company_id, user_id, price_per_kwh, currency, valid_from, valid_to, status)
    SELECT 2 + (i % ${n.companies}), i, 25160, 'EUR', '2026-01-01', '2026-10-15', 'active' FROM u
    UNION ALL
    SELECT 2 + (i % ${n.companies}), i, 27400, 'EUR', '2026-10-16', NULL, 'active' FROM u;
    COMMIT;`);
  const batch = 100_000;
  for (let from = 0; from < n.sessions; from += batch) {
    const to = Math.min(n.sessions, from + batch);
    db.exec(`BEGIN;
      WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to - 1})
      INSERT INTO charging_sessions (cdr_id, status, station_id, connector_number, company_id, auth_id,
        start_key, cdr_start, cdr_end, meter_start_wh, meter_stop_wh, cdr_consumed_energy, currency)
      SELECT 'H' || i, 'closed', 1 + (i % ${n.employees}), 1, 1, 'BENCH', 'k' || i,
        ${MONTH_START} + (i * 7919) % ${MONTH_MS}, ${MONTH_START} + (i * 7919) % ${MONTH_MS} + 3600000,
        0, 5000 + (i % 40) * 500, 5000 + (i % 40) * 500, 'EUR'
      FROM s;
      COMMIT;`);
  }
  db.close();
}

async function count(d1: D1Database, sql: string) {
  return (await d1.prepare(sql).first<{ n: number }>())?.n ?? 0;
}

async function main() {
  const employees = intOption('employees', 100_000, 1_000_000);
  const sessions = intOption('sessions', 3_000_000, 10_000_000);
  const companies = intOption('companies', 100, 10_000);
  const { state: dir, cleanUp, onDispose } = benchWorkspace('bench-reimbursement', 60);
  try {
    log(`fresh local D1 in ${dir}; applying migrations …`);
    runNode(bin.wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], { quiet: true });
    const d1Dir = join(dir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
    const file = readdirSync(d1Dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
    if (!file) throw new Error(`no local D1 file in ${d1Dir}`);
    log(
      `seeding ${companies} companies, ${employees.toLocaleString('en')} employees, ${sessions.toLocaleString('en')} home sessions …`,
    );
    const s0 = performance.now();
    seed(join(d1Dir, file), { employees, sessions, companies });
    log(`seeded in ${((performance.now() - s0) / 1000).toFixed(0)} s`);
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
            // Each new month's PDF statement goes to R2 (Miniflare's local bucket, in the workspace).
            r2Buckets: ['FILES'],
          },
        ],
      } as Parameters<typeof convertV4MiniflareOptions>[0]),
    );
    onDispose(() => mf.dispose());
    const d1 = (await mf.getD1Database('DB', 'bench')) as unknown as D1Database;
    const files = (await mf.getR2Bucket('FILES', 'bench')) as unknown as R2Bucket;

    if (process.argv.includes('--explain')) {
      const plan = await d1
        .prepare(
          `EXPLAIN QUERY PLAN SELECT h.user_id, s.id, s.cdr_start, s.cdr_consumed_energy FROM home_stations h
           JOIN charging_sessions s ON s.station_id = h.station_id
           WHERE h.user_id IN (1,2,3) AND h.deleted_at IS NULL AND h.is_offline = 0 AND h.station_id IS NOT NULL
             AND s.status = 'closed' AND s.refused_status IS NULL AND s.cdr_start >= 0 AND s.cdr_start < 9999999999999`,
        )
        .all();
      console.log(plan.results.map((r) => JSON.stringify(r)).join('\n'));
      const chunk = await candidates(d1, 0, 200);
      const c0 = performance.now();
      const facts = await chunkFacts(d1, chunk, PERIOD, '2026-09');
      const c1 = performance.now();
      let n = 0;
      for (const e of chunk) {
        const m = employeeMonth(
          facts.companies.get(e.companyId) as never,
          facts.employees.get(e.userId) as never,
          PERIOD,
        );
        if (m.eligible) n += m.result.sessions;
      }
      console.log(
        `  probe: candidates+gather ${(c1 - c0).toFixed(0)} ms, decide ${(performance.now() - c1).toFixed(0)} ms (${n} sessions)`,
      );
    }
    log(`the job for ${PERIOD}, chunks of 200 employees …`);
    const cpu: number[] = [];
    const wall: number[] = [];
    let peak = process.memoryUsage().rss;
    let heap = process.memoryUsage().heapUsed;
    let mark = process.cpuUsage();
    const t0 = performance.now();
    await startReimbursementRun({ DB: d1 }, PERIOD, null);
    const run = await continueReimbursementRun({ DB: d1, FILES: files }, PERIOD, {
      onChunk: (chunkMs) => {
        const used = process.cpuUsage(mark);
        cpu.push((used.user + used.system) / 1000);
        wall.push(chunkMs);
        mark = process.cpuUsage();
        const m = process.memoryUsage();
        peak = Math.max(peak, m.rss);
        heap = Math.max(heap, m.heapUsed);
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    cpu.sort((a, b) => a - b);
    wall.sort((a, b) => a - b);
    const months = await count(d1, `SELECT count(*) AS n FROM reimbursements WHERE period = '${PERIOD}'`);
    const events = await count(d1, 'SELECT count(*) AS n FROM reimbursement_events');
    const statements = await count(
      d1,
      `SELECT count(*) AS n FROM reimbursement_documents WHERE type = 'statement' AND period = '${PERIOD}'`,
    );
    console.log(`  status ${run?.status}, ${run?.chunks} chunks, ${run?.processed}/${run?.total} employees`);
    console.log(
      `  total time ${seconds.toFixed(1)} s; months written ${months}, events ${events}, statements ${statements}`,
    );
    console.log(
      `  CPU of the job's code per chunk: p50 ${ms(pct(cpu, 50))}, p95 ${ms(pct(cpu, 95))}, max ${ms(cpu.at(-1) ?? 0)}`,
    );
    console.log(
      `  wall time per chunk (D1 included): p50 ${ms(pct(wall, 50))}, p95 ${ms(pct(wall, 95))}, max ${ms(wall.at(-1) ?? 0)}`,
    );
    console.log(
      `  peak memory of this process: RSS ${mib(peak)}, JS heap used ${mib(heap)} (sampled after each chunk)`,
    );

    const b0 = performance.now();
    const { results } = await d1
      .prepare(
        `SELECT h.user_id, sum(s.cdr_consumed_energy) AS wh FROM home_stations h
         JOIN charging_sessions s ON s.station_id = h.station_id
         WHERE s.status = 'closed' AND s.cdr_start >= ?1 AND s.cdr_start < ?2 GROUP BY h.user_id`,
      )
      .bind(MONTH_START - 86_400_000, MONTH_START + 32 * 86_400_000)
      .all();
    console.log(
      `  baseline, one bare aggregate of the same sessions per employee (${results.length} rows): ${((performance.now() - b0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
