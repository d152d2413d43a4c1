/**
 * @module `npm run bench:wallets`: the wallet ledger's store (drizzle/queries/wallet-ledger.store.ts)
 * measured inside workerd over a fresh local D1 (issue 18 part 7, ADR 038), each row against a
 * baseline in the same run, the same workerd and the same path (./bench-wallets-worker.ts):
 * - debits per second, sequential `appendEntry` calls on ONE hot wallet and spread over all wallets
 *   (default 10,000), against a bare INSERT of the same row (balance given, no running-balance
 *   subquery, no unique reference; a copy of the table with its plain indexes only); also
 *   `appendEntryStatement` alone (the INSERT without `appendEntry`'s balance read-back);
 * - balance reads over a ledger of 1,000,000 entries (1,000 wallets, the hot one holding 30 %):
 *   `balanceOf` p50/p95/p99 per call, against reading one entry by primary key;
 * - `balancesOf` for a page of 50 wallets (with and without the hot wallet), against reading 50
 *   entries by primary key in one statement; rows read per call from D1's meta; beside it, not the
 *   store's, a candidate reading each wallet's newest entry by one indexed lookup (same balances checked).
 * Rates are items run one after another inside the worker (requests of 250); latencies are one call
 * per HTTP request, timed here; CPU is workerd's (the worker and its D1) from /proc, per item, over
 * the in-worker loops. The ledger is seeded with node:sqlite straight into the D1 file by one
 * INSERT … SELECT over a recursive CTE, running balances from a window sum (./bench-wallets-setup.ts),
 * and the whole ledger's chain is checked after seeding and at the end (exit code 1 if broken).
 * Options: `--entries N --wallets N --ledger-wallets N --hot-percent P --debits N --reads N --pages N`.
 * Self-stopping (45 minutes).
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchWorkspace, intOption, log } from './bench-lib';
import { HOT, seed, start } from './bench-wallets-setup';
import type { Op } from './bench-wallets-worker';
import { runNode, wrangler } from './node-processes';
import { percentile, treeCpu } from './simulator/bench-measure';

const n = {
  entries: intOption('entries', 1_000_000, 50_000_000),
  wallets: intOption('wallets', 10_000, 1_000_000),
  ledgerWallets: intOption('ledger-wallets', 1_000, 1_000_000),
  hot: intOption('hot-percent', 30, 99),
  debits: intOption('debits', 5_000, 1_000_000),
  reads: intOption('reads', 2_000, 1_000_000),
  pages: intOption('pages', 300, 100_000),
};
const CHUNK = 250;

/** A deterministic generator (mulberry32), so two runs time the same wallets and rows. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = rng(18);
const pick = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));

interface Tally {
  items: number;
  /** Wall time of the requests, seen from here. */
  wallMs: number;
  /** The worker's own elapsed time (workerd's clock). */
  workerMs: number;
  cpuMs: number;
  /** Per request, when each carried one item. */
  latencies: number[];
}
const tally = (): Tally => ({ items: 0, wallMs: 0, workerMs: 0, cpuMs: 0, latencies: [] });

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** Runs `items` of `op` in one request, into `t`. */
async function run(base: string, t: Tally, op: Op, items: unknown[]) {
  const cpu0 = treeCpu([process.pid]).workerd;
  const t0 = performance.now();
  const r = await post<{ ms: number }>(base, '/run', { op, items });
  const wall = performance.now() - t0;
  t.cpuMs += treeCpu([process.pid]).workerd - cpu0;
  t.items += items.length;
  t.wallMs += wall;
  t.workerMs += r.ms;
  if (items.length === 1) t.latencies.push(wall);
}

/** Several ops, the same number of items each, sent chunk by chunk in turn so load swings hit all alike. */
async function interleaved(base: string, rows: [Op, unknown[]][], chunk: number) {
  const out = rows.map(() => tally());
  const length = rows[0]?.[1].length ?? 0;
  for (let i = 0; i < length; i += chunk)
    for (const [k, [op, items]] of rows.entries()) await run(base, out[k] as Tally, op, items.slice(i, i + chunk));
  return out;
}

const f = (x: number, d = 1) => x.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d });
const rate = (t: Tally) => `${f((t.items / t.wallMs) * 1000, 0).padStart(7)} /s`;
const cpu = (t: Tally) => `${f(t.cpuMs / t.items, 3).padStart(6)} ms CPU each`;
const pcts = (t: Tally) => {
  const s = [...t.latencies].sort((a, b) => a - b);
  return [50, 95, 99].map((p) => f(percentile(s, p) ?? 0, 2).padStart(6)).join(' / ');
};
const line = (label: string, text: string) => console.log(`  ${label.padEnd(52)} ${text}`);

async function debits(base: string, key: string, title: string, walletOf: () => number) {
  const items = (prefix: string) =>
    Array.from({ length: n.debits }, (_, k) => [
      walletOf(),
      -(100 + (k % 1100)),
      `session:bench-${key}-${prefix}-${k}`,
    ]);
  const [store, statement, bare] = await interleaved(
    base,
    [
      ['append', items('store')],
      ['append-statement', items('statement')],
      ['bare-insert', items('bare')],
    ],
    CHUNK,
  );
  console.log(`Debits, ${n.debits.toLocaleString('en')} sequential each, ${title}:`);
  for (const [label, t] of [
    ['appendEntry (INSERT with running balance, then balanceOf)', store],
    ['appendEntryStatement alone (the INSERT)', statement],
    ['baseline: bare INSERT of the same row', bare],
  ] as const)
    line(label, `${rate(t as Tally)}  ${cpu(t as Tally)}`);
  line(
    'appendEntry / baseline',
    `${f((store as Tally).wallMs / (bare as Tally).wallMs, 2)}× the time, ${f((store as Tally).cpuMs / (bare as Tally).cpuMs, 2)}× the CPU`,
  );
}

/** Reads: one per request for the percentiles, then the same items in loops for the CPU per read. */
async function reads(base: string, title: string, rows: [string, Op, unknown[]][]) {
  const timed = await interleaved(
    base,
    rows.map(([, op, items]) => [op, items]),
    1,
  );
  const looped = await interleaved(
    base,
    rows.map(([, op, items]) => [op, items]),
    CHUNK,
  );
  console.log(`${title} (p50 / p95 / p99 ms per HTTP call; mean ms per read in the worker by its clock; CPU):`);
  for (const [k, [label]] of rows.entries()) {
    const a = timed[k] as Tally;
    const b = looped[k] as Tally;
    line(label, `${pcts(a)}   mean in the worker ${f(b.workerMs / b.items, 3)} ms   ${cpu(b)}`);
  }
}

const rowsRead = (base: string, op: Op, item: unknown) =>
  post<{ statements: number; rowsRead: number }>(base, '/rows-read', { op, item });

/** The whole ledger: every balance_after is its wallet's running sum in id order; no reference twice. */
async function check(d1: D1Database) {
  const broken = await d1
    .prepare(
      'SELECT count(*) AS n FROM (SELECT balance_after, sum(amount) OVER (PARTITION BY wallet_id ORDER BY id) AS s FROM wallet_entries) WHERE balance_after <> s',
    )
    .first<{ n: number }>();
  const twice = await d1
    .prepare(
      'SELECT count(*) AS n FROM (SELECT 1 FROM wallet_entries GROUP BY wallet_id, reference HAVING count(*) > 1)',
    )
    .first<{ n: number }>();
  const total = await d1.prepare('SELECT count(*) AS n FROM wallet_entries').first<{ n: number }>();
  const ok = broken?.n === 0 && twice?.n === 0;
  console.log(
    `  ${ok ? '✔' : '✖'} ${total?.n.toLocaleString('en')} entries: ${broken?.n} off their running sum, ${twice?.n} references twice`,
  );
  return ok;
}

async function main() {
  const { state, cleanUp, onDispose } = benchWorkspace('bench-wallets', 45);
  let ok = false;
  try {
    log(`fresh local D1 in ${state}; applying migrations …`);
    runNode([wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
    const dir = join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
    const file = readdirSync(dir).find((x) => x.endsWith('.sqlite') && x !== 'metadata.sqlite');
    if (!file) throw new Error(`no local D1 file in ${dir}`);
    const t0 = performance.now();
    seed(join(dir, file), n);
    log(
      `seeded ${n.wallets.toLocaleString('en')} wallets and ${n.entries.toLocaleString('en')} entries (${n.ledgerWallets.toLocaleString('en')} wallets, wallet ${HOT} holding ${n.hot} %) in ${f((performance.now() - t0) / 1000)} s`,
    );
    log('bundling the bench worker (wrangler deploy --dry-run) and starting workerd …');
    const w = await start(state);
    onDispose(w.dispose);
    const base = w.base;
    log(
      `workerd at ${base}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('Seeded ledger:');
    if (!(await check(w.d1))) throw new Error('the seeded ledger is wrong');

    const ledgerWallet = () => pick(2, n.ledgerWallets);
    const entry = () => pick(1, n.entries);
    const page = (withHot: boolean) => {
      const ids = new Set<number>(withHot ? [HOT] : []);
      while (ids.size < 50) ids.add(ledgerWallet());
      return [...ids];
    };
    const times = <T>(k: number, g: () => T) => Array.from({ length: k }, g);
    await reads(
      base,
      `Balance reads over ${n.entries.toLocaleString('en')} entries, ${n.reads.toLocaleString('en')} each`,
      [
        ['balanceOf, a random wallet of the ledger', 'balance-of', times(n.reads, ledgerWallet)],
        [`balanceOf, the hot wallet (${n.hot} % of the entries)`, 'balance-of', times(n.reads, () => HOT)],
        ['baseline: one entry by primary key', 'pk-read', times(n.reads, entry)],
      ],
    );
    await reads(base, `balancesOf, a page of 50 wallets, ${n.pages.toLocaleString('en')} pages each`, [
      ['balancesOf, 50 random wallets', 'balances-of', times(n.pages, () => page(false))],
      ['balancesOf, the hot wallet and 49 random', 'balances-of', times(n.pages, () => page(true))],
      ['not the store: newest entry per wallet, hot + 49', 'latest-per-wallet-50', times(n.pages, () => page(true))],
      ['baseline: 50 entries by primary key, one statement', 'pk-read-50', times(n.pages, () => times(50, entry))],
    ]);
    console.log('D1 rows read per call:');
    for (const [label, op, item] of [
      ['balanceOf, a random wallet', 'balance-of', ledgerWallet()],
      ['balanceOf, the hot wallet', 'balance-of', HOT],
      ['balancesOf, 50 random wallets', 'balances-of', page(false)],
      ['balancesOf, the hot wallet and 49 random', 'balances-of', page(true)],
      ['not the store: newest entry per wallet, hot + 49', 'latest-per-wallet-50', page(true)],
    ] as const) {
      const r = await rowsRead(base, op, item);
      line(label, `${r.rowsRead.toLocaleString('en')} rows read in ${r.statements} statement(s)`);
    }

    const pages = times(20, () => page(true));
    const [a, b] = await Promise.all(
      (['balances-of', 'latest-per-wallet-50'] as const).map((op) =>
        post<{ checksum: number }>(base, '/run', { op, items: pages }),
      ),
    );
    line(
      'newest entry per wallet = balancesOf on 20 pages',
      a?.checksum === b?.checksum ? '✔ same balances' : '✖ differ',
    );

    await w.d1.exec(
      "CREATE TABLE bench_wallet_entries (id integer PRIMARY KEY AUTOINCREMENT NOT NULL, wallet_id integer NOT NULL, kind text NOT NULL, amount integer NOT NULL, balance_after integer NOT NULL, reference text NOT NULL, session_id integer, top_up_id integer, reason text, author_id integer, created_at integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL)",
    );
    await w.d1.exec('CREATE INDEX bench_wallet_entries_wallet_idx ON bench_wallet_entries (wallet_id, id)');
    await w.d1.exec('CREATE INDEX bench_wallet_entries_session_idx ON bench_wallet_entries (session_id)');
    await debits(base, 'hot', 'one hot wallet', () => HOT);
    await debits(base, 'spread', `over ${n.wallets.toLocaleString('en')} wallets`, () => pick(1, n.wallets));

    console.log('The ledger after the run:');
    ok = await check(w.d1);
    log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await cleanUp();
  }
  if (!ok) process.exitCode = 1;
}

await main();
