/**
 * @module The D1 benchmarks' server (ADR 038, benchmarks in workerd): the product's workers as
 * wrangler bundles them for deployment (`deploy --dry-run`; the web worker with `--env production`,
 * so dev-only routes are compiled out), run by Miniflare in one workerd process on a free loopback
 * port, over the benchmark's local D1 with its direct binding, as `npm start` and production run
 * them. Next to them, in the same workerd and on the same D1, the bench-only baseline worker
 * (./bench-baseline-worker.ts). /api/* goes to the web worker (which mounts the API), /ocpp/* to the
 * ocpp worker (as production routes it), /__baseline/* to the baseline worker.
 * The Node side gets the same D1 and the web worker's bindings through Miniflare's binding proxy
 * (what wrangler's `getPlatformProxy` returns): for seeding, for replaying statements to count rows
 * read, and for the in-process figures kept for comparison.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { freePort, runNode, wrangler } from './node-processes';
import { percentile } from './simulator/bench-measure';

const remix = 'node_modules/@remix-run/dev/dist/cli.js';
const DB = { DB: '00000000-0000-0000-0000-000000000001' };
const compatibility = { compatibilityDate: '2026-10-01', compatibilityFlags: ['nodejs_compat'] };

export interface Workerd {
  /** `http://127.0.0.1:PORT` */
  base: string;
  /** The local D1 through the binding proxy (Node side). */
  d1: D1Database;
  /** The web worker's bindings through the binding proxy, for the API app run in process. */
  env: Env;
  dispose(): Promise<void>;
}

/** Bundles the web and ocpp workers as deployed, and the baseline worker, into `dir`. */
function bundle(dir: string, log: (s: string) => void) {
  if (!existsSync('build/server/index.js')) {
    log('no build/server: building the web app once (remix vite:build) for the web worker bundle …');
    runNode([remix, 'vite:build']);
  }
  log('bundling the web, ocpp and baseline workers (wrangler deploy --dry-run) …');
  runNode([
    wrangler,
    'deploy',
    '--dry-run',
    '-c',
    'wrangler.toml',
    '--env',
    'production',
    '--outdir',
    join(dir, 'web'),
  ]);
  runNode([wrangler, 'deploy', '--dry-run', '-c', 'workers/ocpp/wrangler.toml', '--outdir', join(dir, 'ocpp')]);
  const config = join(dir, 'baseline.toml');
  writeFileSync(
    config,
    `name = "bench-baseline"\nmain = ${JSON.stringify(resolve('scripts/bench-baseline-worker.ts'))}\ncompatibility_date = "2026-10-01"\n`,
  );
  runNode([wrangler, 'deploy', '--dry-run', '-c', config, '--outdir', join(dir, 'baseline')]);
}

/**
 * Starts the workers over the local D1 persisted in `state` (the layout of `wrangler d1 migrations
 * apply --local --persist-to state`); the bundles go to `state/bench-bundles`, removed with it.
 */
export async function startWorkerd(
  state: string,
  log: (s: string) => void,
  /** Further bindings of the web worker (a secret a benchmark needs, e.g. STRIPE_WEBHOOK_SECRET). */
  extraBindings: Record<string, string> = {},
): Promise<Workerd> {
  const bundles = join(state, 'bench-bundles');
  mkdirSync(bundles, { recursive: true });
  bundle(bundles, log);
  const port = await freePort();
  const worker = (name: string, file = 'index.js') => ({
    name,
    modules: true,
    modulesRoot: join(bundles, name),
    scriptPath: join(bundles, name, file),
    ...compatibility,
    d1Databases: DB,
  });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      cf: false,
      log: new Log(process.env.BENCH_VERBOSE ? LogLevel.DEBUG : LogLevel.WARN),
      resourcePersistencePath: join(state, 'v3'),
      workers: [
        {
          ...worker('web'),
          name: 'backoffice-web',
          r2Buckets: ['FILES'],
          durableObjects: {
            LiveFeed: { className: 'LiveFeed', useSQLite: true },
            CHARGE_POINTS: { className: 'ChargePoint', scriptName: 'backoffice-ocpp', useSQLite: true },
          },
          serviceBindings: { OCPP: 'backoffice-ocpp' },
          // The vars of wrangler.toml, as the in-process runs read them.
          bindings: {
            APP_ENV: 'development',
            APP_VERSION: '0.1.0',
            SESSION_SECRET: 'dev-only-session-secret-change-me-0123456789',
            EMAIL_FROM: 'no-reply@backoffice.localhost',
            ...extraBindings,
          },
        },
        {
          ...worker('ocpp'),
          name: 'backoffice-ocpp',
          routes: ['*/ocpp/*'],
          durableObjects: {
            CHARGE_POINTS: { className: 'ChargePoint', useSQLite: true },
            LiveFeed: { className: 'LiveFeed', scriptName: 'backoffice-web', useSQLite: true },
          },
          bindings: { HEARTBEAT_INTERVAL_SECONDS: '300' },
        },
        { ...worker('baseline', 'bench-baseline-worker.js'), name: 'bench-baseline', routes: ['*/__baseline/*'] },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  await mf.ready;
  const base = `http://127.0.0.1:${port}`;
  const d1 = (await mf.getD1Database('DB', 'backoffice-web')) as unknown as D1Database;
  const env = await mf.getBindings<Env>('backoffice-web');
  log(`workers running in workerd at ${base} (Miniflare, local D1 in ${state})`);
  return { base, d1, env, dispose: () => mf.dispose() };
}

/** An HTTP client for the API in workerd, logged in with the session cookie `token`. */
export function apiClient(base: string, token: string) {
  return async (path: string, json?: unknown) => {
    const res = await fetch(`${base}/api${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { cookie: `sid=${token}`, 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** One statement run by the baseline worker in workerd, answered over HTTP. */
export function baselineSql(base: string) {
  return async (sql: string, params: unknown[] = []) => {
    const res = await fetch(`${base}/__baseline/sql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sql, params }),
    });
    if (!res.ok) throw new Error(`baseline: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** p50 and p95 of `SELECT 1` three ways: through the binding proxy, over HTTP to the baseline worker, inside it. */
export async function proxyFloor(w: Workerd, runs: number) {
  const pct = (sorted: number[], p: number) => percentile(sorted, p) ?? 0;
  const timed = async (f: () => Promise<unknown>) => {
    await f();
    const out: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await f();
      out.push(performance.now() - t0);
    }
    return out.sort((a, b) => a - b);
  };
  const proxy = await timed(() => w.d1.prepare('SELECT 1 AS one').first());
  const sql = baselineSql(w.base);
  const http = await timed(() => sql('SELECT 1 AS one'));
  await fetch(`${w.base}/__baseline/select1?n=5`).then((r) => r.json());
  const inside = ((await fetch(`${w.base}/__baseline/select1?n=${runs}`).then((r) => r.json())) as number[]).sort(
    (a, b) => a - b,
  );
  const row = (name: string, t: number[]) =>
    `  ${name.padEnd(58)} p50 ${pct(t, 50).toFixed(2).padStart(7)} ms  p95 ${pct(t, 95).toFixed(2).padStart(7)} ms`;
  return [
    `SELECT 1, ${runs} times each way (what a D1 round trip costs on each path):`,
    row('Node → binding proxy (getPlatformProxy) → D1', proxy),
    row('Node → HTTP → baseline worker in workerd → D1', http),
    row('inside the worker in workerd → D1 (no client)', inside),
  ].join('\n');
}
