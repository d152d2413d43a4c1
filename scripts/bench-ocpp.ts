/**
 * @module `npm run bench:ocpp`: K charge points against the product's OCPP endpoint and, in the same
 * run, against a bare ocpp-rpc server as the baseline; prints one table row for each. Loopback only,
 * bounded in count and time. Options: --stations K (500), --url ws://127.0.0.1:PORT/ocpp (use a
 * running server instead of starting one), --password P, --steady S (30), --interval S (10),
 * --in-flight N (100), --server miniflare|wrangler (miniflare: the product's workers run by Miniflare
 * directly, /ocpp/* straight to the ocpp worker as in production, state on tmpfs so no write waits
 * for the disk (in memory: said in the output), four descriptors per charge point;
 * wrangler: `wrangler dev` as `npm start` runs it, about five per charge point).
 */
import { readFileSync } from 'node:fs';
import { isLoopbackUrl } from './simulator/args';
import { benchId } from './simulator/bench-ids';
import { runLoad } from './simulator/bench-load';
import { type BenchRow, formatTable, percentile } from './simulator/bench-measure';
import { type RunningServer, startBaseline, startProduct, startProductMiniflare } from './simulator/bench-product';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const number = (name: string, fallback: number, max: number) => {
  const n = Number(flag(name) ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be an integer from 1 to ${max}`);
  return n;
};
const stations = number('stations', 500, 20_000);
const steadySeconds = number('steady', 30, 600);
const intervalSeconds = number('interval', 10, 300);
const inFlight = number('in-flight', 100, 1000);
const password = flag('password') ?? 'bench-ocpp-password-2026';
const url = flag('url');
const server = flag('server') ?? 'miniflare';
if (server !== 'miniflare' && server !== 'wrangler') throw new Error('--server must be miniflare or wrangler');
if (url && !isLoopbackUrl(url)) throw new Error(`${url}: the benchmark only targets loopback addresses`);

// Measured: under wrangler dev, per charge point, one workerd process holds two sockets and three
// SQLite files (its Durable Object), the proxy process four sockets; Miniflare direct, one workerd
// holds the socket and the three files. This process holds one. The hard limit here is 20,000.
const limit = Number(readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1] ?? Number.NaN);
const perStation = server === 'wrangler' ? 5 : 4;
if (!url && limit < stations * perStation + 200) {
  console.warn(
    `! open-file limit ${limit} is too low for ${stations} charge points (${perStation} descriptors each in`,
  );
  console.warn(
    `  workerd with --server ${server}); expect the local runtime to drop sockets past ~${Math.floor((limit - 200) / perStation)}`,
  );
}

const log = (s: string) => console.log(`▸ ${s}`);
const ids = Array.from({ length: stations }, (_, i) => benchId(i));
const load = { ids, password, steadySeconds, intervalSeconds, inFlight };
const rows: BenchRow[] = [];
let current: RunningServer | undefined;
// Hard stop: a hung server must not keep the benchmark (or the server it started) alive. The
// product verifies a PBKDF2 password per connection, so allow for a slow connection phase.
const budgetMs = (steadySeconds + intervalSeconds + 300 + stations / 5) * 1000;
setTimeout(async () => {
  console.error(`✖ benchmark exceeded ${Math.round(budgetMs / 1000)} s; giving up`);
  await current?.stop();
  process.exit(1);
}, budgetMs).unref();

process.on('SIGINT', async () => {
  await current?.stop();
  process.exit(130);
});

async function measure(name: string, start: () => Promise<RunningServer>) {
  const server = await start();
  current = server;
  try {
    log(`${name}: ${stations} charge points → ${server.url}`);
    rows.push(await runLoad(name, server.url, server.pid, load));
  } finally {
    await server.stop();
  }
}

const noStop = async () => undefined;
if (url) await measure('product (given url)', async () => ({ url, pid: 0, stop: noStop }));
else if (server === 'wrangler') await measure('product (wrangler dev)', () => startProduct(stations, password, log));
else {
  log('product: the workers as bundled for deploy, run by Miniflare directly (no wrangler dev proxy);');
  log('  storage (D1, Durable Object SQLite) on tmpfs /dev/shm: IN MEMORY, bench only');
  await measure('product (Miniflare, storage on tmpfs)', () => startProductMiniflare(stations, password, log));
}
await measure('baseline (bare ocpp-rpc)', startBaseline);

console.log(
  `\nOCPP benchmark: ${stations} charge points, ${inFlight} connecting at a time, then ${steadySeconds} s of ` +
    `one MeterValues + one Heartbeat per charge point every ${intervalSeconds} s.\n`,
);
console.log(formatTable(rows));
const [product, baseline] = rows;
if (product && baseline) {
  const p99 = (r: BenchRow) =>
    percentile(
      [...r.latencies.MeterValues].sort((a, b) => a - b),
      99,
    );
  const ratio = (p99(product) ?? Number.NaN) / (p99(baseline) ?? Number.NaN);
  console.log(`\nMeterValues p99, product ÷ baseline: ${ratio.toFixed(2)}× (target ≤ 2×)`);
}
process.exit(0);
