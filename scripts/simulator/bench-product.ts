/**
 * @module Starts the product for the benchmark much as tests/support/live-server-setup.ts does:
 * `wrangler dev` on a free loopback port, a fresh temporary state directory with migrations, the
 * demo seed and the bench stations (./bench-seed.ts), both workers as `npm start` runs them. Unlike
 * the tests it serves a copy of the sources taken at start: `wrangler dev` reloads on every saved
 * source file, which drops every socket, and in a shared tree someone is always saving.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { childEnv, freePort, node, runNode, tsx, wrangler } from '../node-processes';

export { freePort };

export interface RunningServer {
  /** The OCPP URL, or one per shard (a charge point goes to the shard its id picks). */
  urls: string[];
  /** Processes whose memory and descriptors are the server's (with their descendants). */
  pids: number[];
  stop(): Promise<void>;
}

/**
 * The nice value of every server process (product and baseline alike; `--server-nice`, default 10):
 * the 5,000 charge points stand for machines of their own, so when the one machine's cores are
 * short, the load generator that plays them gets them first and times the servers' replies without
 * waiting its turn behind them (ADR 034, fifth addendum). Processes a server starts inherit it.
 */
let serverNice = 0;
export function setServerNice(nice: number): void {
  serverNice = nice;
  // For the servers' own processes, which set it on themselves before starting anything.
  childEnv.BENCH_SERVER_NICE = String(nice);
}
function lowerPriority(pid: number | undefined): void {
  if (serverNice === 0 || !pid) return;
  try {
    setPriority(pid, serverNice);
  } catch (error) {
    console.warn(`! could not set nice ${serverNice} on server process ${pid}:`, error);
  }
}

// tsconfig.json: its path aliases (@domain/, @db/…) are what wrangler's bundler resolves the imports by.
const SERVED = [
  'workers',
  'domain',
  'drizzle',
  // The message catalogues (@i18n/), out of domain/ since ADR 042.
  'i18n',
  'app',
  'build',
  'migrations',
  'wrangler.toml',
  'package.json',
  'tsconfig.json',
];

/** What `wrangler dev` serves, copied now (node_modules linked), so later edits cannot reload it. */
function snapshotSources(dir: string) {
  for (const entry of SERVED.filter((e) => existsSync(e))) {
    cpSync(entry, join(dir, entry), {
      recursive: true,
      filter: (src) => !['.wrangler', 'node_modules'].includes(basename(src)),
    });
  }
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
}

/**
 * A fresh state directory with migrations and the bench stations (plus the demo seed when `demo`),
 * and a source snapshot. The Miniflare rows skip the demo seed: the charge points read only their
 * own station rows. (The demo seed's history batches are resent by the seed itself when the proxy drops
 * them, drizzle/seed/demo-history.ts; the loop below covers the rest, bench-seed.ts included.)
 */
function prepare(stations: number, password: string, log: (s: string) => void, memory = false, demo = true) {
  // With `memory`, the state (D1 and the objects' SQLite files) lives on tmpfs: no disk flush per write.
  const root = mkdtempSync(join(memory && existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'bench-ocpp-'));
  const [state, snapshot] = [join(root, 'state'), join(root, 'snapshot')];
  try {
    snapshotSources(snapshot);
    log(`fresh state in ${state}: migrations, ${demo ? 'demo seed, ' : ''}${stations} bench stations …`);
    // On a loaded machine the local D1 proxy sometimes drops a request ("other side closed"): the
    // whole seed starts again from an empty state, at most three times.
    for (let attempt = 1; ; attempt++) {
      try {
        runNode([wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
        if (demo) runNode([tsx, 'scripts/seed.ts'], { PERSIST_DIR: state });
        const seeded = runNode([tsx, 'scripts/simulator/bench-seed.ts'], {
          PERSIST_DIR: state,
          BENCH_STATIONS: String(stations),
          BENCH_PASSWORD: password,
        });
        log(seeded.trim());
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
        log(`seeding failed (attempt ${attempt}), starting again: ${String(err).split('\n')[0]}`);
        rmSync(state, { recursive: true, force: true });
      }
    }
  } catch (err) {
    rmSync(root, { recursive: true, force: true }); // a failed set-up leaves no temp state behind
    throw err;
  }
  return { root, state, snapshot };
}

/** Waits for the OCPP route to answer over HTTP (426: not a WebSocket upgrade means the worker is up). */
async function ready(
  base: string,
  alive: () => boolean,
  output: () => string,
  stop: () => Promise<void>,
  what: string,
) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!alive() || Date.now() > deadline) {
      await stop();
      throw new Error(`${what} did not become ready:\n${output()}`);
    }
    const ok = await fetch(`${base}/ocpp/READY`).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The product as `wrangler dev` serves it (both workers, /ocpp/* through the web worker, Durable
 * Objects persisted on disk): about five descriptors per charge point.
 */
export async function startProduct(
  stations: number,
  password: string,
  log: (s: string) => void,
): Promise<RunningServer> {
  const { root, state, snapshot } = prepare(stations, password, log);

  const [port, inspector] = [await freePort(), await freePort()];
  // Own process group, so stopping it also stops workerd, which wrangler runs as a child.
  const child: ChildProcess = spawn(
    node,
    [
      wrangler,
      'dev',
      '-c',
      'wrangler.toml',
      '-c',
      'workers/ocpp/wrangler.toml',
      '--env',
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspector),
      '--persist-to',
      state,
      '--show-interactive-dev-session=false',
    ],
    { cwd: snapshot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  lowerPriority(child.pid);
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-8000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-8000)));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGINT');
      await new Promise((r) => setTimeout(r, 1000));
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    rmSync(root, { recursive: true, force: true });
  };
  await ready(
    base,
    () => child.exitCode === null,
    () => output,
    stop,
    'wrangler dev',
  );
  return { urls: [`ws://127.0.0.1:${port}/ocpp`], pids: [child.pid ?? 0], stop };
}

let prepared: Promise<{ root: string; state: string; bundles: string }> | undefined;
let preparedRoot: string | undefined;
let runs = 0;

/** Seeds the state and bundles the workers once per benchmark run; the Miniflare rows copy the state. */
function preparedMiniflare(stations: number, password: string, log: (s: string) => void) {
  prepared ??= (async () => {
    const { root, state, snapshot } = prepare(stations, password, log, true, false);
    preparedRoot = root;
    const bundles = join(root, 'bundles');
    for (const [config, out] of [
      ['workers/ocpp/wrangler.toml', 'ocpp'],
      ['wrangler.toml', 'web'],
    ] as const) {
      const res = spawnSync(
        node,
        [resolve(wrangler), 'deploy', '--dry-run', '-c', config, '--outdir', join(bundles, out)],
        { cwd: snapshot, env: childEnv, encoding: 'utf8' },
      );
      if (res.status !== 0) {
        cleanUpPrepared();
        throw new Error(`bundling ${config} failed:\n${res.stdout}\n${res.stderr}`);
      }
    }
    return { root, state, bundles };
  })();
  return prepared;
}

/** Removes the seeded state and bundles (at the end, on Ctrl-C and on timeout). */
export function cleanUpPrepared() {
  if (preparedRoot) rmSync(preparedRoot, { recursive: true, force: true });
}

/**
 * The same workers bundled by wrangler and run by Miniflare directly (./bench-miniflare-server.ts):
 * /ocpp/* straight to the ocpp worker as in production, storage (D1 and the objects' SQLite files)
 * on tmpfs (/dev/shm) where there is one, so no write waits for the disk: bench only, said in the output.
 * Four descriptors per charge point in workerd (instead of about five under wrangler dev).
 */
export async function startProductMiniflare(
  stations: number,
  password: string,
  log: (s: string) => void,
  shards = 1,
  /** keepObjects: workerd never evicts a ChargePoint (bench-miniflare-server.ts, `--keep-objects`). */
  options: { keepObjects?: boolean } = {},
): Promise<RunningServer> {
  const { root, state: seeded, bundles } = await preparedMiniflare(stations, password, log);
  // Each row starts from a copy of the seeded state, so no row sees another's boots and sessions.
  const state = join(root, `run-${++runs}`);
  cpSync(seeded, state, { recursive: true });
  const ports: number[] = [];
  while (ports.length < shards) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const child: ChildProcess = spawn(
    node,
    [tsx, 'scripts/simulator/bench-miniflare-server.ts', bundles, state, ports.join(',')],
    {
      env: options.keepObjects ? { ...childEnv, BENCH_KEEP_OBJECTS: '1' } : childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  lowerPriority(child.pid);
  let output = '';
  const verbose = Boolean(process.env.BENCH_VERBOSE);
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-8000);
    if (verbose) process.stderr.write(d);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-8000);
    if (verbose) process.stderr.write(d);
  });
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    rmSync(state, { recursive: true, force: true });
  };
  for (const port of ports) {
    await ready(
      `http://127.0.0.1:${port}`,
      () => child.exitCode === null,
      () => output,
      stop,
      'Miniflare',
    );
  }
  return { urls: ports.map((port) => `ws://127.0.0.1:${port}/ocpp`), pids: [child.pid ?? 0], stop };
}

/** The bare ocpp-rpc server of ./bench-baseline-server.ts, in its own process so its memory is its own. */
export async function startBaseline(protocol: 'ocpp1.6' | 'ocpp2.0.1' = 'ocpp1.6'): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(node, [tsx, 'scripts/simulator/bench-baseline-server.ts', String(port), protocol], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  lowerPriority(child.pid);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d) => String(d).includes('listening') && resolve());
    child.on('exit', (code) => reject(new Error(`baseline server exited (${code})`)));
  });
  return {
    urls: [`ws://127.0.0.1:${port}`],
    pids: [child.pid ?? 0],
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
    },
  };
}
