/**
 * Loads N charge detail records (default 1,000,000) into a fresh local D1 (on loopback, in a temporary
 * directory removed at the end), starts the product's workers as deployed in workerd (Miniflare,
 * direct D1 binding; ./bench-workerd.ts) and first prints p50/p95 of the session list of each of the
 * eight variants as the browser gets it: the API worker over HTTP on 127.0.0.1 (session, zod, scope,
 * page + sums), filtered and not, against a baseline on the same path (the bench-only baseline worker
 * in the same workerd reading 25 sessions by id over HTTP) — the figure of the target (ADR 038).
 * Then, through the binding proxy from this Node process (`getPlatformProxy`'s path, ~20 ms a D1
 * round trip quiet, the path of every figure before ADR 038), the store's own calls:
 * p50/p95 of a filtered and an unfiltered paginated session list for each of the eight variants,
 * with the footer sums read from the daily sums table (ADR 033), next to baselines in
 * the same run: the same unfiltered call summing every session row directly (the previous design),
 * the page alone and a raw `count(*)` scan. Rows read by each sums statement (D1's `rows_read`) are
 * printed too: a measure the machine's load does not change, and so are the rows the page statement
 * reads, against the previous one-statement page. Lists sorted by energy, duration and the totals
 * follow (ADR 033 addendum: sort indexes per company and driver; owner variants: two merged walks,
 * against the one-statement plan). Then the time and peak memory of a
 * 100,000-row XLSX and PDF export and its baseline (reading the same rows without writing).
 * The sessions are written with node:sqlite straight into the local D1 file after the migrations and
 * before Miniflare opens it (the triggers of the migrations fill the daily sums as they would in D1);
 * 1,000,000 rows through the local D1 connection used to drop it.
 * Usage: `npm run bench:sessions [-- sessions] [--runs 20]`. Self-stopping (120 minutes at most).
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { xlsxStream } from '../domain/export/xlsx';
import { sha256Hex } from '../domain/identity/encoding';
import { exportCells, exportColumns } from '../domain/sessions/export-rows';
import { columnsOf, SESSION_VARIANTS, type SessionVariant, sortableKeys } from '../domain/sessions/variants';
import { openDb } from '../drizzle/db';
import { authSessions } from '../drizzle/schema';
import { createUser } from '../drizzle/seed/factories';
import { directSums, pageRowsRead, pageWithDirectSums, sumsRowsRead } from '../tests/support/session-list-reference';
import { exportRows } from '../workers/api/src/routes/sessions/list/list.export.store';
import { orderOf, ownerSortIndexesOf, whereOf } from '../workers/api/src/routes/sessions/list/list.plan.store';
import { listPage, listPageWithSums } from '../workers/api/src/routes/sessions/list/list.store';
import { listSums } from '../workers/api/src/routes/sessions/list/list.sums.store';
import type { Scope, SessionQuery } from '../workers/api/src/routes/sessions/sessions.store';
import { benchWorkspace, intOption } from './bench-lib';
import { benchPdfExport } from './bench-pdf-export';
import { apiClient, baselineSql, proxyFloor, startWorkerd } from './bench-workerd';
import { bin, runNode } from './lib.mjs';

const args: string[] = process.argv.slice(2);
/** The first bare number (not the value of an option) is the session count. */
const TOTAL = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')) ?? 1_000_000);
const RUNS = intOption('runs', 20, 1000);
/** The direct-sum baseline is slow at 1,000,000 rows: fewer runs. */
const DIRECT_RUNS = Math.max(3, Math.ceil(RUNS / 4));
const EXPORT_ROWS = Math.min(100_000, TOTAL);
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 1);
const SPAN_DAYS = 365;

const { state: dir, cleanUp, onDispose } = benchWorkspace('bench-sessions', 120);
const started = Date.now();
const log = (s: string) => console.log(s);

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function timed(fn: () => Promise<unknown>, runs = RUNS): Promise<number[]> {
  const out: number[] = [];
  await fn(); // warm-up
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * The list calls as the browser makes them: the API worker in workerd over HTTP, logged in as an
 * administrator of the operator (network variants) and of the fleet (fleet variants); baseline: the
 * bare worker reading a page of 25 sessions by id, over HTTP, in the same workerd.
 */
async function inWorkerd(w: Awaited<ReturnType<typeof startWorkerd>>) {
  const db = openDb(w.env.DB);
  const login = async (companyId: number, email: string) => {
    const user = await createUser(
      db,
      { companyId, email, password: 'bench-password-2026', roles: [37] },
      { iterations: 1000 },
    );
    const token = `bench-session-${companyId}-0123456789abcdef`;
    const now = Date.now();
    await db.insert(authSessions).values({
      id: await sha256Hex(token),
      userId: user.id,
      rolesJson: '[37]',
      selectedCompanyId: companyId,
      twoFactorPassedAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + 4 * 3_600_000),
    });
    return apiClient(w.base, token);
  };
  const operator = await login(1, 'bench-operator@bench.test');
  const fleet = await login(3, 'bench-fleet@bench.test');
  const sql = baselineSql(w.base);
  const month = { from: new Date(END - 30 * DAY).toISOString(), to: new Date(END).toISOString() };
  log(`\n▸ ${await proxyFloor(w, Math.max(20, RUNS))}`);
  log(
    `\n▸ In workerd (ADR 038): POST the list (page of 25 + sums) to the API worker over HTTP, ${RUNS} runs each after one warm-up; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  );
  log('  filtered = last 30 days, closed; × baseline = p95 / baseline p95.');
  // The baseline is timed after each variant, so a change of the load during the run weighs on it too.
  const bare = () => sql('SELECT * FROM charging_sessions WHERE id > ?1 ORDER BY id LIMIT 25', [5000]);
  const base: number[] = [];
  const lines: [string, number[]][] = [];
  for (const v of SESSION_VARIANTS) {
    const isFleet = v.startsWith('fleet');
    const call = isFleet ? fleet : operator;
    const path = isFleet ? '/sessions/fleet/roaming' : '/connectors/sessions';
    let page = 0;
    const nextPage = () => {
      page = (page + 3) % 20;
      return page;
    };
    for (const [label, body] of [
      ['filtered', () => ({ variant: v, ...month, status: 'closed', page: nextPage() })],
      ['no filter', () => ({ variant: v, page: 0 })],
    ] as const) {
      lines.push([`POST /api${path} ${v}, ${label}`, await timed(() => call(path, body()))]);
    }
    base.push(...(await timed(bare, Math.max(1, Math.ceil(RUNS / 4)))));
  }
  const b95 = pct(base, 95);
  const line = (name: string, t: number[]) =>
    log(
      `  ${name.padEnd(52)} p50 ${ms(pct(t, 50))}  p95 ${ms(pct(t, 95))}  ${`${(pct(t, 95) / b95).toFixed(2)}×`.padStart(7)}`,
    );
  line(`baseline: SQL 25 sessions by id, bare worker (${base.length} runs)`, base);
  for (const [name, t] of lines) line(name, t);
}

try {
  log(`▸ Fresh local D1 in ${dir}; applying migrations …`);
  runNode(bin.wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], { quiet: true });
  // The local D1 file the migrations just created; Miniflare opens the same file below.
  const d1Dir = join(dir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(d1Dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no local D1 file in ${d1Dir}`);
  const db = new DatabaseSync(join(d1Dir, file));
  // A large page cache: 1,000,000 rows go into nine indexes; the default 2 MB cache thrashes.
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -524288');
  // Companies: an operator with a sub-operator (the scope), a fleet, an outsider; 200 stations, 2 connectors each.
  db.exec(`
    INSERT INTO companies (id, name, country, cpms, emp_services) VALUES (1, 'Operator', 'FR', 'public', 1);
    INSERT INTO companies (id, parent_company_id, name, country, cpms, is_subcpo) VALUES (2, 1, 'Sub', 'FR', 'private', 1);
    INSERT INTO companies (id, name, country, is_evfleet) VALUES (3, 'Fleet', 'FR', 1);
    INSERT INTO companies (id, name, country, cpms) VALUES (4, 'Outsider', 'FR', 'public');
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
    INSERT INTO stations (id, uid, name, company_id, owner_company_id, city, type)
    SELECT i, 'B-' || i, 'Bench station ' || i, CASE WHEN i % 10 = 0 THEN 4 WHEN i % 3 = 0 THEN 2 ELSE 1 END,
           CASE WHEN i % 7 = 0 THEN 3 END, 'City ' || (i % 12), CASE WHEN i % 5 = 0 THEN 'work' WHEN i % 11 = 0 THEN 'home' ELSE 'public' END
    FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
    INSERT INTO connectors (id, uid, station_id, connector_number, evse_id, max_power_w)
    SELECT i, 'B-C-' || i, (i + 1) / 2, 2 - (i % 2), 'FR*B*E' || i, CASE WHEN i % 6 = 0 THEN 150000 ELSE 22000 END FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
    INSERT INTO users (id, company_id, email) SELECT i, 3, 'driver' || i || '@fleet.test' FROM n;
  `);
  log(
    `▸ Loading ${TOTAL.toLocaleString('en')} sessions with node:sqlite into ${file} (INSERT … SELECT, one transaction per 50,000) …`,
  );
  const loadStart = performance.now();
  const BATCH = 50_000;
  const insert = db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO charging_sessions (cdr_id, status, station_id, connector_id, connector_number, company_id,
       owner_company_id, user_id, auth_id, start_method, start_key, cdr_start, cdr_end, meter_start_wh, meter_stop_wh,
       cdr_consumed_energy, cdr_time, cdr_time_charged, cdr_total_parking_time, cdr_needs_revision, connector_evse_id,
       user_email, station_name, station_city, plug_type, plug_max_electric_power, pricing_status,
       emp_price_total, emp_price_net_total, emp_price_energy, emp_price_net_energy, emp_price_time,
       emp_price_penalty, emp_price_net_penalty, subcpo_price_total, subcpo_price_energy, subcpo_price_time,
       subcpo_price_penalty, owner_price_total, owner_price_energy, owner_price_penalty, owner_cost_per_kwh, cdr_vat_value)
     SELECT 'B-' || i, CASE WHEN i % 500 = 0 THEN 'in_progress' ELSE 'closed' END,
       st, st * 2, 1, CASE WHEN st % 10 = 0 THEN 4 WHEN st % 3 = 0 THEN 2 ELSE 1 END, CASE WHEN st % 7 = 0 THEN 3 END,
       CASE WHEN i % 2 = 0 THEN 1 + (i % 500) END,
       CASE WHEN i % 9 = 0 THEN 'EP-' || i ELSE 'TAG' || (i % 5000) END,
       CASE WHEN i % 7 = 0 THEN 'QR' WHEN i % 9 = 0 THEN 'APP' ELSE 'RFID' END, 'k' || i,
       start, start + 5400000, 0, wh, wh, 5400, 80, 600, CASE WHEN i % 211 = 0 THEN 1 ELSE 0 END, 'FR*B*E' || (st * 2),
       CASE WHEN i % 2 = 0 THEN 'driver' || (1 + (i % 500)) || '@fleet.test' END, 'Bench station ' || st, 'City ' || (st % 12),
       'Type 2', 22000, CASE WHEN i % 3 = 0 THEN 'unpriced' ELSE 'priced' END,
       CASE WHEN i % 3 = 0 THEN NULL ELSE wh * 468 / 10000 END, CASE WHEN i % 3 = 0 THEN NULL ELSE wh * 39 / 1000 END,
       CASE WHEN i % 3 = 0 THEN NULL ELSE wh * 468 / 10000 END, CASE WHEN i % 3 = 0 THEN NULL ELSE wh * 39 / 1000 END,
       0, 0, 0, CASE WHEN i % 3 = 0 THEN NULL ELSE wh * 3 / 100 END, CASE WHEN i % 3 = 0 THEN NULL ELSE wh * 3 / 100 END, 0, 0,
       CASE WHEN i % 3 = 0 THEN NULL ELSE wh / 40 END, CASE WHEN i % 3 = 0 THEN NULL ELSE wh / 40 END, 0, 25000,
       CASE WHEN i % 3 = 0 THEN NULL ELSE wh * 78 / 10000 END
     FROM (SELECT i, 1 + (i * 7919) % 200 AS st, CAST(?3 AS INTEGER) - (i * 104729 % (?4 * 86400)) * 1000 AS start,
                  2000 + (i * 31) % 60000 AS wh FROM n)`,
  );
  for (let from = 0; from < TOTAL; from += BATCH) {
    const to = Math.min(TOTAL, from + BATCH);
    db.exec('BEGIN');
    // node:sqlite binds numbers as REAL: BigInt keeps them INTEGER, as D1 stores them.
    insert.run(BigInt(from + 1), BigInt(to), BigInt(END), BigInt(SPAN_DAYS));
    db.exec('COMMIT');
    if ((to / BATCH) % 4 === 0 || to === TOTAL) process.stdout.write(`  ${to.toLocaleString('en')} rows\n`);
  }
  const loadS = (performance.now() - loadStart) / 1000;
  const daySums = db.prepare('SELECT count(*) AS n FROM session_day_sums').get() as { n: number };
  log(
    `  loaded in ${loadS.toFixed(1)} s (${Math.round(TOTAL / loadS).toLocaleString('en')} rows/s, daily sums kept by the triggers: ${daySums.n.toLocaleString('en')} rows)`,
  );
  db.exec('ANALYZE');
  db.close();
  const workerd = await startWorkerd(dir, log);
  onDispose(workerd.dispose);
  try {
    const d1 = workerd.d1;
    await inWorkerd(workerd);
    log('\n▸ Through the binding proxy (the API store called from this Node process; the path before ADR 038):');

    const scope: Scope = { companies: [1, 2] };
    const fleetScope: Scope = { companies: [3] };
    const month = { from: new Date(END - 30 * DAY).toISOString(), to: new Date(END).toISOString() };
    const base = (variant: SessionVariant): SessionQuery => ({ variant, direction: 'desc' });
    const filtered = (variant: SessionVariant): SessionQuery => ({
      ...base(variant),
      ...month,
      status: 'closed',
      ...(variant.startsWith('fleet') ? { place: 'roaming' as const } : {}),
    });

    log(
      `\n▸ List (page of 25 + sums over the filtered list, one D1 batch), ${RUNS} runs each (direct baseline ${DIRECT_RUNS}), after one warm-up.`,
    );
    log('  filtered = last 30 days, closed (fleet: roaming). Sums from the daily sums table unless "direct".');
    log('  rows read = D1 rows_read of the unfiltered sums statement, daily sums / direct.');
    log(
      `  ${'variant'.padEnd(15)} ${'filtered p50'.padStart(12)} ${'p95'.padStart(10)}   ${'no filter p50'.padStart(13)} ${'p95'.padStart(10)}   ${'direct p50'.padStart(10)} ${'p95'.padStart(10)}   rows read          rows (filtered / all)`,
    );
    for (const v of SESSION_VARIANTS) {
      const sc = v.startsWith('fleet') ? fleetScope : scope;
      let page = 0;
      const f = await timed(async () => {
        page = (page + 3) % 20;
        await listPageWithSums(d1, sc, filtered(v), page, 25, false);
      });
      const b = await timed(() => listPageWithSums(d1, sc, base(v), 0, 25, false));
      const direct = await timed(() => pageWithDirectSums(d1, sc, base(v), 0, 25, false), DIRECT_RUNS);
      // One statement at a time: two full scans at once made the local D1 drop its connection at 1,000,000 rows.
      const nf = await listSums(d1, sc, filtered(v));
      const nb = await listSums(d1, sc, base(v));
      const nd = await directSums(d1, sc, base(v));
      if (JSON.stringify(nb) !== JSON.stringify(nd))
        throw new Error(`${v}: daily sums ${JSON.stringify(nb)} differ from direct sums ${JSON.stringify(nd)}`);
      const readDays = await sumsRowsRead(d1, sc, base(v));
      const readDirect = await sumsRowsRead(d1, sc, base(v), true);
      log(
        `  ${v.padEnd(15)} ${ms(pct(f, 50)).padStart(12)} ${ms(pct(f, 95)).padStart(10)}   ${ms(pct(b, 50)).padStart(13)} ${ms(pct(b, 95)).padStart(10)}   ${ms(pct(direct, 50))} ${ms(pct(direct, 95))}   ${`${readDays.toLocaleString('en')} / ${readDirect.toLocaleString('en')}`.padEnd(18)} ${nf.total.toLocaleString('en')} / ${nb.total.toLocaleString('en')}`,
      );
    }
    log(
      '\n▸ Page rows read (D1 rows_read of the page statement, page 19 of 25 rows, load-independent), against the one-statement page (every column selected before the sort) as baseline:',
    );
    /** The previous page statement: the variant's columns selected by the sorted, filtered query itself. */
    const oneStatement = async (sc: Scope, q: SessionQuery) => {
      const w = whereOf(sc, q);
      const res = await d1
        .prepare(`SELECT s.* FROM charging_sessions s WHERE ${w.sql} ORDER BY ${orderOf(q)} LIMIT 25 OFFSET 475`)
        .bind(...w.params)
        .all();
      return res.meta.rows_read ?? 0;
    };
    const n = (x: number) => x.toLocaleString('en').padStart(9);
    for (const v of SESSION_VARIANTS) {
      const sc = v.startsWith('fleet') ? fleetScope : scope;
      const rf = await pageRowsRead(d1, sc, filtered(v), 19, 25);
      const rb = await pageRowsRead(d1, sc, base(v), 19, 25);
      const of = await oneStatement(sc, filtered(v));
      const ob = await oneStatement(sc, base(v));
      log(`  ${v.padEnd(15)} filtered ${n(rf)} (baseline ${n(of)})   no filter ${n(rb)} (baseline ${n(ob)})`);
    }

    // Sorts by energy, duration and the totals: the scope's sort indexes (migration 0017) where
    // they apply; the owner variants (operated-or-owned scope) merge a walk of the company index and
    // one of the owner index (migration 0020), printed beside the one-statement plan's rows read.
    const SORT_RUNS = Math.max(3, Math.ceil(RUNS / 2));
    log(
      `\n▸ List sorted by another column (descending; page + sums), ${SORT_RUNS} runs each after one warm-up; rows read = page statement, page 3.`,
    );
    log(
      `  ${'variant'.padEnd(15)} ${'sort'.padEnd(22)} ${'filtered p50'.padStart(12)} ${'p95'.padStart(10)}   ${'no filter p50'.padStart(13)} ${'p95'.padStart(10)}   rows read (filtered / no filter)`,
    );
    for (const v of SESSION_VARIANTS) {
      const sc = v.startsWith('fleet') ? fleetScope : scope;
      for (const key of sortableKeys(v).filter((k) => !['cdr_start', 'cdr_end', 'station_name'].includes(k))) {
        const sorted = (q: SessionQuery): SessionQuery => ({ ...q, sort: key });
        let page = 0;
        const f = await timed(async () => {
          page = (page + 3) % 20;
          await listPageWithSums(d1, sc, sorted(filtered(v)), page, 25, false);
        }, SORT_RUNS);
        const b = await timed(() => listPageWithSums(d1, sc, sorted(base(v)), 3, 25, false), SORT_RUNS);
        const rf = await pageRowsRead(d1, sc, sorted(filtered(v)), 3, 25);
        const rb = await pageRowsRead(d1, sc, sorted(base(v)), 3, 25);
        // Owner variants: the merged walk against the one statement over the OR scope (the previous plan).
        const merged = ownerSortIndexesOf(sc, sorted(base(v))) !== null;
        const before = merged
          ? `   (one walk ${(await pageRowsRead(d1, sc, sorted(filtered(v)), 3, 25, true)).toLocaleString('en')} / ${(await pageRowsRead(d1, sc, sorted(base(v)), 3, 25, true)).toLocaleString('en')})`
          : '';
        log(
          `  ${v.padEnd(15)} ${key.padEnd(22)} ${ms(pct(f, 50)).padStart(12)} ${ms(pct(f, 95)).padStart(10)}   ${ms(pct(b, 50)).padStart(13)} ${ms(pct(b, 95)).padStart(10)}   ${rf.toLocaleString('en')} / ${rb.toLocaleString('en')}${before}`,
        );
      }
    }

    const page25 = await timed(() => listPage(d1, scope, filtered('emp'), 5, 25, false));
    log(`  page only (emp, filtered, no sums): p50 ${ms(pct(page25, 50))}  p95 ${ms(pct(page25, 95))}`);
    const raw = await timed(() => d1.prepare('SELECT count(*) AS n FROM charging_sessions').first());
    log(
      `  baseline raw scan SELECT count(*) (all ${TOTAL.toLocaleString('en')} rows): p50 ${ms(pct(raw, 50))}  p95 ${ms(pct(raw, 95))}`,
    );

    log(`\n▸ Export of ${EXPORT_ROWS.toLocaleString('en')} rows (emp variant, no filter):`);
    const texts = {
      header: (k: string) => k,
      yes: 'yes',
      no: 'no',
      unpriced: 'unpriced',
      status: (s: string) => s,
      language: 'en',
    };
    const cols = columnsOf('emp');
    let peak = 0;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const rssBefore = process.memoryUsage().rss;
    peak = rssBefore;
    let t = performance.now();
    let readRows = 0;
    for await (const _ of exportRows(d1, scope, base('emp'), EXPORT_ROWS, false)) readRows++;
    const readMs = performance.now() - t;
    const readPeak = peak;
    // The same rows in the order of a list sorted by energy: keyset on (energy, id) over its index.
    t = performance.now();
    let energyRows = 0;
    for await (const _ of exportRows(d1, scope, { ...base('emp'), sort: 'cdr_consumed_energy' }, EXPORT_ROWS, false))
      energyRows++;
    const energyMs = performance.now() - t;
    peak = process.memoryUsage().rss;
    t = performance.now();
    async function* rows() {
      for await (const row of exportRows(d1, scope, base('emp'), EXPORT_ROWS, false))
        yield exportCells(row, cols, texts);
    }
    const reader = xlsxStream(exportColumns(cols, texts), rows()).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    const xlsxMs = performance.now() - t;
    clearInterval(sample);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    log(
      `  baseline: read ${readRows.toLocaleString('en')} rows (keyset pages of 1,000): ${ms(readMs)}, peak RSS ${mb(readPeak)}`,
    );
    log(`  baseline sorted by energy: read ${energyRows.toLocaleString('en')} rows: ${ms(energyMs)}`);
    log(`  XLSX streamed: ${ms(xlsxMs)}, ${mb(bytes)} file, peak RSS ${mb(peak)} (RSS before export ${mb(rssBefore)})`);
    await benchPdfExport(d1, scope, base('emp'), EXPORT_ROWS, log);
  } finally {
    await workerd.dispose();
  }
} finally {
  await cleanUp();
  log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s; temporary D1 removed.`);
}
