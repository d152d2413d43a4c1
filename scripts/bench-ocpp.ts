/**
 * @module `npm run bench:ocpp`: K charge points against the product's OCPP endpoint and, in the same
 * run, against a bare ocpp-rpc server as the baseline; prints one table row for each. Loopback only,
 * bounded in count and time. Options: --stations K (500), --url ws://127.0.0.1:PORT/ocpp (use a
 * running server instead of starting one), --password P, --steady S (30), --interval S (10),
 * --in-flight N (100), --server miniflare|wrangler (miniflare: the product's workers run by Miniflare
 * directly, /ocpp/* straight to the ocpp worker as in production, state on tmpfs so no write waits
 * for the disk (in memory: said in the output), about five descriptors per charge point in the
 * workerd that runs it while its object is awake; wrangler: `wrangler dev` as `npm start` runs it),
 * --shards N (miniflare only; default: one per 2,000 charge points): N workerd processes sharing the
 * one D1, each charge point on the shard its id picks, as production spreads Durable Objects over
 * machines; with more than one, a single-process row runs too, for comparison (--no-single skips it).
 * --keep-objects (miniflare only): first one more product row whose ChargePoint objects are never
 * evicted, a diagnostic of what the hibernation wakes cost (production evicts after about 10 s; the
 * ratio printed last always compares the first regular product row).
 * --warm-up: one untimed round (one MeterValues + one Heartbeat per charge point) before the timed
 * steady phase, so the first round's mass wake of the objects evicted during a long connection phase
 * is not timed (the steady phase is then one interval longer).
 * --server-nice N (10; 0 to 19): the nice value of every server process, product and baseline alike,
 * so the load generator (the charge points' side) is not kept waiting for a core by the server it
 * times (ADR 034, fifth addendum); 0 runs them at the load generator's priority.
 * --in-transaction: after the rows above, one more product row and one more baseline row in which
 * every charge point first starts a transaction (untimed) for its own driver with limits (seeded: kWh
 * limits for half of them, EUR limits priced by an approved EMSP tariff for the other half) and each
 * MeterValues carries that transactionId and a rising register: the costly path (the transaction's
 * samples, the limit check against the stored budget, the running price of EUR limits; the budget's
 * five-minute refresh from D1 falls in runs longer than five minutes). MeterValues publishes nothing
 * on the live feed (only starts, stops, statuses and heartbeats do), so no feed cost is in either row.
 * --ocpp 2.0.1: the charge points speak OCPP 2.0.1 (`ocpp2.0.1`, ocpp-rpc strict mode) to the product
 * and to a bare ocpp-rpc 2.0.1 server as the baseline: the same rows, BootNotification with
 * `chargingStation`, MeterValues with an evseId; with --in-transaction, TransactionEvent Started
 * (untimed) then Updated per interval, timed in the MeterValues column (ADR 058, addendum).
 * Prints each server's open descriptors by kind once all charge points are connected.
 */
import { readFileSync } from 'node:fs';
import { isLoopbackUrl, ocppVersion } from './simulator/args';
import { benchId, benchIdTag } from './simulator/bench-ids';
import { runLoad } from './simulator/bench-load';
import { type BenchRow, formatFds, formatTable, percentile } from './simulator/bench-measure';
import {
  cleanUpPrepared,
  type RunningServer,
  setServerNice,
  startBaseline,
  startProduct,
  startProductMiniflare,
} from './simulator/bench-product';

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
const serverNice = Number(flag('server-nice') ?? 10);
if (!Number.isInteger(serverNice) || serverNice < 0 || serverNice > 19) {
  throw new Error('--server-nice must be an integer from 0 to 19');
}
setServerNice(serverNice);
// A diagnostic row, never the headline: the product with its objects never evicted (no wakes).
const keepObjects = args.includes('--keep-objects');
const inTransaction = args.includes('--in-transaction');
const ocpp = ocppVersion(flag('ocpp') ?? '1.6');
const protocol = ocpp === '2.0.1' ? 'ocpp2.0.1' : 'ocpp1.6';
const url = flag('url');
const server = flag('server') ?? 'miniflare';
if (server !== 'miniflare' && server !== 'wrangler') throw new Error('--server must be miniflare or wrangler');
if (url && !isLoopbackUrl(url)) throw new Error(`${url}: the benchmark only targets loopback addresses`);
// One workerd per 2,000 charge points keeps each well under the 20,000 open files a process may hold.
const shards = number('shards', Math.ceil(stations / 2000), 16);
if (shards > 1 && server !== 'miniflare') throw new Error('--shards needs --server miniflare');
const single = shards > 1 && !args.includes('--no-single');

// Measured: under wrangler dev, per charge point, one workerd process holds two sockets and three
// SQLite files (its Durable Object), the proxy process four sockets; Miniflare direct, one workerd
// holds the socket and the three files. This process holds one. The hard limit here is 20,000.
const limit = Number(readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1] ?? Number.NaN);
const perStation = server === 'wrangler' ? 5 : 4;
const warnLimit = (processes: number) => {
  const perProcess = Math.ceil(stations / processes);
  if (url || limit >= perProcess * perStation + 200) return;
  console.warn(
    `! open-file limit ${limit} is too low for ${perProcess} charge points in one workerd (${perStation} descriptors each`,
  );
  console.warn(
    `  with --server ${server}); expect the local runtime to refuse sockets past ~${Math.floor((limit - 200) / perStation)}`,
  );
};

const log = (s: string) => console.log(`▸ ${s}`);
const ids = Array.from({ length: stations }, (_, i) => benchId(i));
const warmUp = args.includes('--warm-up');
const load = { ids, password, steadySeconds, intervalSeconds, inFlight, warmUp, ocpp };
const rows: BenchRow[] = [];
let current: RunningServer | undefined;
// Hard stop: a hung server must not keep the benchmark (or the server it started) alive. The
// product verifies a PBKDF2 password per connection, so allow for a slow connection phase, per row.
const runs = ((url ? 1 : single ? 3 : 2) +
  (keepObjects && !url && server === 'miniflare' ? 1 : 0) +
  (inTransaction ? (url ? 1 : 2) : 0)) as number;
const budgetMs = runs * (steadySeconds + 2 * intervalSeconds + 300 + stations / 5) * 1000;
setTimeout(async () => {
  console.error(`✖ benchmark exceeded ${Math.round(budgetMs / 1000)} s; giving up`);
  await current?.stop();
  cleanUpPrepared();
  process.exit(1);
}, budgetMs).unref();

// Ctrl-C or a kill stops the server processes (their whole process groups) and removes the state.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await current?.stop();
    cleanUpPrepared();
    process.exit(130);
  });
}
process.on('exit', cleanUpPrepared);

const idTags = ids.map((_, i) => benchIdTag(i));
const IN_TX =
  ocpp === '2.0.1'
    ? ', TransactionEvent Updated in transactions, drivers with limits'
    : ', MeterValues in transactions, drivers with limits';

async function measure(name: string, start: () => Promise<RunningServer>, inTx = false) {
  const server = await start();
  current = server;
  try {
    log(`${name}: ${stations} OCPP ${ocpp} charge points → ${server.urls.join(', ')}`);
    const row = await runLoad(name, server.urls, server.pids, inTx ? { ...load, idTags } : load);
    if (inTx) row.target = `${name} (${row.inTransaction ?? 0} in a transaction)`;
    rows.push(row);
    // Printed at once too, so a later row that fails or times out does not lose this one.
    log(`measured:\n${formatTable([row])}`);
  } finally {
    await server.stop();
    current = undefined;
  }
}

const noStop = async () => undefined;
if (url) {
  await measure('product (given url)', async () => ({ urls: [url], pids: [], stop: noStop }));
  if (inTransaction)
    await measure(`product (given url)${IN_TX}`, async () => ({ urls: [url], pids: [], stop: noStop }), true);
} else if (server === 'wrangler') {
  warnLimit(1);
  await measure('product (wrangler dev)', () => startProduct(stations, password, log));
  if (inTransaction) await measure(`product (wrangler dev)${IN_TX}`, () => startProduct(stations, password, log), true);
} else {
  log('product: the workers as bundled for deploy, run by Miniflare directly (no wrangler dev proxy);');
  log('  storage (D1, Durable Object SQLite) on tmpfs /dev/shm: IN MEMORY, bench only');
  log('  all bench stations share one password hash: PBKDF2 runs once per workerd (credential cache)');
  const name = (n: number) => `product (Miniflare, ${n} workerd${n > 1 ? ' shards' : ''}, tmpfs)`;
  if (keepObjects && server === 'miniflare') {
    log('  --keep-objects: first a diagnostic row with no object ever evicted (no hibernation wakes)');
    await measure(`${name(shards)}, objects never evicted`, () =>
      startProductMiniflare(stations, password, log, shards, { keepObjects: true }),
    );
  }
  if (shards > 1) {
    log(`  ${shards} workerd shards: each charge point on the shard its id hashes to; one D1 shared by all`);
    await measure(name(shards), () => startProductMiniflare(stations, password, log, shards));
  }
  if (shards === 1 || single) {
    warnLimit(1);
    await measure(name(1), () => startProductMiniflare(stations, password, log, 1));
  }
  if (inTransaction) {
    await measure(`${name(shards)}${IN_TX}`, () => startProductMiniflare(stations, password, log, shards), true);
  }
}
cleanUpPrepared();
const baselineName = `baseline (bare ocpp-rpc${ocpp === '2.0.1' ? ' 2.0.1' : ''})`;
await measure(baselineName, () => startBaseline(protocol));
if (inTransaction) await measure(`${baselineName}${IN_TX}`, () => startBaseline(protocol), true);

console.log(
  `\nOCPP ${ocpp} benchmark: ${stations} charge points, ${inFlight} connecting at a time, then ${steadySeconds} s of ` +
    `one MeterValues + one Heartbeat per charge point every ${intervalSeconds} s. The clients do not offer ` +
    `WebSocket compression (permessage-deflate), which the bare ocpp-rpc server never accepts: both rows ` +
    `carry the same uncompressed frames. ` +
    (warmUp ? 'One untimed warm-up round came before the timed steady phase. ' : '') +
    (serverNice > 0
      ? `Every server process ran at nice ${serverNice}, the load generator at its own priority ` +
        `(--server-nice 0 runs them alike).\n`
      : "The servers ran at the load generator's priority.\n"),
);
console.log(formatTable(rows));
console.log(`\nOpen descriptors once all charge points were connected (hard limit per process: ${limit}):`);
for (const r of rows) for (const line of formatFds(r.target, r.fds, stations, r.shards)) console.log(`  ${line}`);
const kept = rows.find((r) => r.target.endsWith('objects never evicted'));
const isTx = (r: BenchRow) => r.inTransaction !== undefined;
const product = rows.find((r) => r !== kept && !isTx(r));
const baseline = rows.findLast((r) => r.target.startsWith('baseline') && !isTx(r));
const productTx = rows.find((r) => isTx(r) && !r.target.startsWith('baseline'));
const baselineTx = rows.find((r) => isTx(r) && r.target.startsWith('baseline'));
const p99 = (r: BenchRow) =>
  percentile(
    [...r.latencies.MeterValues].sort((a, b) => a - b),
    99,
  ) ?? Number.NaN;
if (product && baseline && product !== baseline) {
  console.log(`\nMeterValues p99, product ÷ baseline: ${(p99(product) / p99(baseline)).toFixed(2)}× (target ≤ 2×)`);
}
if (productTx && baselineTx) {
  console.log(
    `MeterValues p99 inside transactions (drivers with limits), product ÷ baseline: ${(p99(productTx) / p99(baselineTx)).toFixed(2)}×; ` +
      `product in transactions ÷ product idle: ${product ? (p99(productTx) / p99(product)).toFixed(2) : '–'}× ` +
      `(CPU per message counts the Heartbeats too, in every row)`,
  );
}
if (kept && baseline) {
  console.log(
    `MeterValues p99 with no object ever evicted (diagnostic, not production), ÷ baseline: ${(p99(kept) / p99(baseline)).toFixed(2)}×`,
  );
}
process.exit(0);
