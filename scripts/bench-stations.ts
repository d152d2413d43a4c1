/**
 * @module `npm run bench:stations`: seeds 10,000 stations and 50,000 connectors into a fresh local
 * D1 (in a temporary directory removed at the end), then calls the real API worker as it runs in
 * production — bundled by wrangler, in workerd (Miniflare), with its direct D1 binding, over HTTP on
 * 127.0.0.1 (./bench-workerd.ts) — and prints p50/p95 of the filtered, paginated list calls, the map
 * markers and the overview totals. Baseline in the same run, on the same path: bare indexed SQL on
 * the same data, run by the bench-only baseline worker in the same workerd, answered over HTTP.
 * For comparison, the same calls to the API app run in this Node process, with D1 reached through
 * the binding proxy (`getPlatformProxy`'s path, ~20 ms a round trip here): the figures before ADR 038.
 * Besides the times, which a loaded machine makes noisy, each row shows load-independent measures of
 * one call: D1 round trips, SQL statements and rows read (D1's `rows_read`, summed by replaying the
 * call's statements, recorded from one in-process call). `--plans` also prints the EXPLAIN QUERY PLAN
 * of every statement of each call. `--keep-db FILE` copies the seeded SQLite file (and its WAL) to FILE.
 * Options: --stations N (10000), --per-station K (5), --runs R (40), --plans, --keep-db FILE.
 * Loopback only; self-stopping.
 */
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../domain/identity/encoding';
import { openDb } from '../drizzle/db';
import { authSessions } from '../drizzle/schema';
import { createCompany, createUser } from '../drizzle/seed/factories';
import { benchWorkspace, intOption, log } from './bench-lib';
import { apiClient, baselineSql, proxyFloor, startWorkerd } from './bench-workerd';
import { runNode, wrangler } from './node-processes';
import { percentile } from './simulator/bench-measure';

const STATIONS = intOption('stations', 10_000, 100_000);
const PER_STATION = intOption('per-station', 5, 20);
const RUNS = intOption('runs', 40, 1000);
const PLANS = process.argv.includes('--plans');
const keepAt = process.argv.indexOf('--keep-db');
const KEEP_DB = keepAt >= 0 ? process.argv[keepAt + 1] : undefined;

/** What one call sent to D1: round trips (a batch is one) and the statements with their parameters. */
const recorded = { trips: 0, statements: [] as { sql: string; params: unknown[] }[] };
const real = new WeakMap<object, D1PreparedStatement>();
/** `db` whose statements are recorded in `recorded` as they run (the API's own calls included). */
function recording(db: D1Database): D1Database {
  const wrap = (stmt: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement => {
    const run =
      (method: 'all' | 'raw' | 'run' | 'first') =>
      (...args: unknown[]) => {
        recorded.trips += 1;
        recorded.statements.push({ sql, params });
        return (stmt[method] as (...a: unknown[]) => unknown)(...args);
      };
    const wrapped = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values), sql, values),
      all: run('all'),
      raw: run('raw'),
      run: run('run'),
      first: run('first'),
    } as unknown as D1PreparedStatement;
    real.set(wrapped, stmt);
    (wrapped as unknown as { sql: string }).sql = sql;
    (wrapped as unknown as { params: unknown[] }).params = params;
    return wrapped;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql, []);
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) => {
          recorded.trips += 1;
          for (const s of statements) {
            const w = s as unknown as { sql: string; params: unknown[] };
            recorded.statements.push({ sql: w.sql, params: w.params });
          }
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const { state, cleanUp, onDispose } = benchWorkspace('bench-stations', 15);

const CITIES = [
  ['Paris', 48.8566, 2.3522],
  ['Lyon', 45.764, 4.8357],
  ['Marseille', 43.2965, 5.3698],
  ['Bordeaux', 44.8378, -0.5792],
  ['Lille', 50.6292, 3.0573],
  ['Nice', 43.7102, 7.262],
  ['Toulouse', 43.6047, 1.4442],
  ['Nantes', 47.2184, -1.5536],
  ['Strasbourg', 48.5734, 7.7521],
  ['Rennes', 48.1173, -1.6778],
] as const;
const STATUSES = [
  ...Array(12).fill('available'),
  ...Array(5).fill('charging'),
  'preparing',
  'suspended_ev',
  'offline',
  'offline',
  'faulted',
  'unavailable',
  'reserved',
] as string[];
const POWER = ['AC_1_PHASE', 'AC_3_PHASE', 'DC'] as const;

/** Deterministic pseudo-random numbers, so every run seeds the same network. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const q = (v: string | number | null) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`;

try {
  log(`fresh local D1 in ${state}: migrations …`);
  runNode([wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  const workerd = await startWorkerd(state, log);
  onDispose(workerd.dispose);
  const env = workerd.env;
  const db = openDb(env.DB);

  // A root operator with nine sub-operators: the list queries scope over a real company tree.
  const operator = await createCompany(db, { name: 'Bench Operator', cpms: 'public' });
  const companies = [operator.id];
  for (let i = 1; i < 10; i++) {
    companies.push(
      (await createCompany(db, { name: `Bench Sub ${i}`, parentCompanyId: operator.id, cpms: 'private' })).id,
    );
  }
  const user = await createUser(
    db,
    { companyId: operator.id, email: 'bench@bench.test', password: 'bench-password-2026', roles: [37] },
    { iterations: 1000 },
  );
  const token = 'bench-session-token-0123456789abcdef';
  const now = Date.now();
  await db.insert(authSessions).values({
    id: await sha256Hex(token),
    userId: user.id,
    rolesJson: '[37]',
    selectedCompanyId: operator.id,
    twoFactorPassedAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + 3_600_000),
  });

  log(`seeding ${STATIONS} stations and ${STATIONS * PER_STATION} connectors (multi-row inserts, batched) …`);
  const seedStart = performance.now();
  const ROWS = 400;
  const statements: D1PreparedStatement[] = [];
  const flush = async (force = false) => {
    if (statements.length >= 50 || (force && statements.length)) await env.DB.batch(statements.splice(0));
  };
  for (let from = 0; from < STATIONS; from += ROWS) {
    const values: string[] = [];
    for (let i = from; i < Math.min(STATIONS, from + ROWS); i++) {
      const [city, lat, lng] = pick(CITIES);
      const seen = random() < 0.9 ? now - Math.floor(random() * 600_000) : random() < 0.5 ? now - 86_400_000 : null;
      values.push(
        `(${[
          q(`BENCH-${String(i).padStart(6, '0')}`),
          q(`Bench station ${i}`),
          q(companies[i % companies.length] as number),
          q(city),
          q(`${i} rue du Banc`),
          q(lat + (random() - 0.5) * 0.3),
          q(lng + (random() - 0.5) * 0.4),
          q(pick(POWER)),
          q(seen),
          // Connected as the ChargePoint object records it: those heard from in the last ten minutes.
          q(seen !== null && seen > now - 600_000 ? 1 : 0),
          q(now),
        ].join(',')})`,
      );
    }
    statements.push(
      env.DB.prepare(
        `INSERT INTO stations (uid, name, company_id, city, address, latitude, longitude, power_type, last_seen_at, connected, created_at) VALUES ${values.join(',')}`,
      ),
    );
    await flush();
  }
  await flush(true);
  const first = await env.DB.prepare(`SELECT min(id) AS id FROM stations WHERE uid LIKE 'BENCH-%'`).first<{
    id: number;
  }>();
  const base = first?.id ?? 1;
  const total = STATIONS * PER_STATION;
  for (let from = 0; from < total; from += ROWS) {
    const values: string[] = [];
    for (let k = from; k < Math.min(total, from + ROWS); k++) {
      const station = Math.floor(k / PER_STATION);
      const n = (k % PER_STATION) + 1;
      const status = pick(STATUSES);
      const power = pick(POWER);
      values.push(
        `(${[
          q(`BENCH-${String(station).padStart(6, '0')}-${n}`),
          q(base + station),
          q(n),
          q(`FR*BEN*E${String(station).padStart(6, '0')}${n}`),
          q(status),
          q(status === 'faulted' ? 'GroundFailure' : 'NoError'),
          q(power),
          q(power === 'DC' ? 150_000 : power === 'AC_3_PHASE' ? 22_000 : 7_400),
          q(now - Math.floor(random() * 86_400_000)),
          q(now),
        ].join(',')})`,
      );
    }
    statements.push(
      env.DB.prepare(
        `INSERT INTO connectors (uid, station_id, connector_number, evse_id, status, error_code, power_type, max_power_w, status_changed_at, created_at) VALUES ${values.join(',')}`,
      ),
    );
    await flush();
  }
  await flush(true);
  await env.DB.prepare('PRAGMA optimize').run();
  log(`seeded in ${Math.round(performance.now() - seedStart)} ms`);
  if (KEEP_DB) {
    const dir = join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
    const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
    if (!file) throw new Error(`no D1 file in ${dir}`);
    for (const suffix of ['', '-wal']) {
      if (existsSync(join(dir, file + suffix))) copyFileSync(join(dir, file + suffix), KEEP_DB + suffix);
    }
    log(`seeded database copied to ${KEEP_DB}`);
  }

  // The API app as the web worker mounts it, in this process, over the same D1 binding.
  (globalThis as { __DEV_TOOLS__?: boolean }).__DEV_TOOLS__ = false;
  const { createApi } = await import('../workers/api/src/app');
  const api = createApi();
  const ctx = {
    waitUntil: () => undefined,
    passThroughOnException: () => undefined,
    props: {},
  } as unknown as ExecutionContext;
  const apiEnv = { ...env, DB: recording(env.DB) };
  const call = async (path: string, json?: unknown) => {
    const res = await api.fetch(
      new Request(`http://127.0.0.1/api${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { cookie: `sid=${token}`, 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
      apiEnv,
      ctx,
    );
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const scopeSql = `WITH RECURSIVE tree(id) AS (SELECT ?1 UNION SELECT c.id FROM companies c JOIN tree t ON c.parent_company_id = t.id)`;
  const http = apiClient(workerd.base, token);
  const sql = baselineSql(workerd.base);
  /** A row: bare SQL (baseline) or an API call, each run in workerd over HTTP and in process through the proxy. */
  type Case = { name: string } & (
    | { sql: (i: number) => [string, unknown[]] }
    | { path: string; body?: (i: number) => unknown }
  );
  const cases: Case[] = [
    {
      // The denominator of "× baseline": one cheap statement (the two baselines below read 50,000+ rows at full scale).
      name: 'baseline: SQL 25 connectors by id (1 statement)',
      sql: (i) => ['SELECT id, status FROM connectors WHERE id > ?1 ORDER BY id LIMIT 25', [(i % 20) * 25]],
    },
    {
      name: 'baseline: SQL count(*) connectors by status (indexed)',
      sql: () => [`SELECT status, count(*) AS n FROM connectors GROUP BY status`, []],
    },
    {
      name: 'baseline: SQL page of 25 connectors in scope',
      sql: (i) => [
        `${scopeSql} SELECT c.id FROM connectors c JOIN stations s ON s.id = c.station_id WHERE s.company_id IN (SELECT id FROM tree) ORDER BY c.evse_id LIMIT 25 OFFSET ?2`,
        [operator.id, (i % 20) * 25],
      ],
    },
    { name: 'GET /api/connectors/overview/status', path: '/connectors/overview/status' },
    {
      name: 'POST /api/connectors (page, sort)',
      path: '/connectors',
      body: (i) => ({ page: i % 20, items_per_page: 25, sort: 'evse_id' }),
    },
    {
      name: 'POST /api/connectors (status+city filter)',
      path: '/connectors',
      body: (i) => ({
        page: i % 3,
        status: ['faulted', 'offline'],
        city: [CITIES[i % CITIES.length]?.[0]],
        sort: 'status_changed_at',
        direction: 'desc',
      }),
    },
    {
      name: 'POST /api/connectors (keyword)',
      path: '/connectors',
      body: (i) => ({ keyword: `E00${(i % 90) + 10}`, page: 0 }),
    },
    {
      name: 'POST /api/stations (page, sort by name)',
      path: '/stations',
      body: (i) => ({ page: i % 20, items_per_page: 25 }),
    },
    {
      name: 'POST /api/stations (status+city+offline)',
      path: '/stations',
      body: (i) => ({ status: ['faulted'], city: [CITIES[i % CITIES.length]?.[0]], online: 'offline' }),
    },
    { name: 'POST /api/connectors/map-markers (all)', path: '/connectors/map-markers', body: () => ({}) },
    {
      name: 'POST /api/connectors/map-markers (bbox Paris)',
      path: '/connectors/map-markers',
      body: () => ({ bbox: [2.1, 48.7, 2.6, 49.0] }),
    },
  ];
  const inWorkerd = (c: Case, i: number) => ('sql' in c ? sql(...c.sql(i)) : http(c.path, c.body?.(i)));
  const throughProxy = (c: Case, i: number) =>
    'sql' in c
      ? apiEnv.DB.prepare(c.sql(i)[0])
          .bind(...c.sql(i)[1])
          .all()
      : call(c.path, c.body?.(i));
  const timed = async (run: (i: number) => Promise<unknown>) => {
    await run(0);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await run(i + 1);
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  };

  const floor = await proxyFloor(workerd, Math.max(20, RUNS));
  log(`warming up, then ${RUNS} sequential calls per case in workerd, then as many in process through the proxy …`);
  const rows: string[][] = [];
  const p95s: number[] = [];
  for (const c of cases) {
    const times = await timed((i) => inWorkerd(c, i));
    const proxied = await timed((i) => throughProxy(c, i));
    p95s.push(percentile(times, 95) ?? 0);
    // One more call in process, recorded: its round trips, statements, and the rows D1 reads for them.
    recorded.trips = 0;
    recorded.statements = [];
    await throughProxy(c, RUNS + 1);
    const { trips, statements } = recorded;
    let rowsRead = 0;
    for (const st of statements) {
      const result = await env.DB.prepare(st.sql)
        .bind(...st.params)
        .all();
      rowsRead += result.meta.rows_read ?? 0;
    }
    if (PLANS) {
      console.log(`\n── ${c.name}`);
      for (const st of statements) {
        const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${st.sql}`)
          .bind(...st.params)
          .all<{ id: number; parent: number; detail: string }>();
        const depth = new Map<number, number>();
        console.log(`  ${st.sql.replace(/\s+/g, ' ').slice(0, 160)}${st.sql.length > 160 ? ' …' : ''}`);
        for (const row of plan.results) {
          const d = (depth.get(row.parent) ?? 0) + 1;
          depth.set(row.id, d);
          console.log(`  ${'  '.repeat(d)}${row.detail}`);
        }
      }
    }
    rows.push([
      c.name,
      (percentile(times, 50) ?? 0).toFixed(1),
      (percentile(times, 95) ?? 0).toFixed(1),
      '',
      (percentile(proxied, 50) ?? 0).toFixed(1),
      (percentile(proxied, 95) ?? 0).toFixed(1),
      String(trips),
      String(statements.length),
      String(rowsRead),
    ]);
  }
  // "× baseline": p95 over the p95 of 25 connectors read by id, both in workerd over HTTP.
  const baseline95 = p95s[0] ?? 1;
  for (const [k, row] of rows.entries()) row[3] = `${((p95s[k] ?? 0) / baseline95).toFixed(2)}×`;
  const width = Math.max(...rows.map((r) => r[0]?.length ?? 0));
  console.log(
    `\nStations benchmark: ${STATIONS} stations, ${total} connectors, 10 companies; ${RUNS} calls per row; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.\n` +
      'workerd: the API worker as deployed, in workerd (Miniflare) with its direct D1 binding, called over HTTP on 127.0.0.1;\n' +
      'baselines: the bench baseline worker in the same workerd, over HTTP. × baseline = p95 / p95 of 25 connectors by id.\n' +
      'proxy: the API app in this Node process, D1 through the platform proxy (the figures before ADR 038).\n',
  );
  console.log(floor, '\n');
  console.log(`${'call'.padEnd(width)}  workerd p50  p95 ms  × baseline  proxy p50  p95 ms  trips  stmts  rows read`);
  for (const [name, p50, p95, ratio, pp50, pp95, trips, stmts, read] of rows)
    console.log(
      `${name?.padEnd(width)}  ${p50?.padStart(11)}  ${p95?.padStart(6)}  ${ratio?.padStart(10)}  ${pp50?.padStart(9)}  ${pp95?.padStart(6)}  ${trips?.padStart(5)}  ${stmts?.padStart(5)}  ${read?.padStart(9)}`,
    );
} finally {
  await cleanUp();
}
