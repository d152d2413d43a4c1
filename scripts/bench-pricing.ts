/**
 * Sessions priced per second of CPU time on one core, in one process, each row against the others
 * and a trivial baseline in the same run. Usage: `npm run bench:pricing [-- sessions]
 * [--sample-interval S] [--before <commit>] [--stages]` (default 1,000,000 sessions for the engine rows;
 * the production rows price a fifth of that).
 *
 * Rows:
 * - baseline: energy × one price per session.
 * - engine, shared tariff objects: `priceSession` with the same five tariff objects for every session,
 *   so the engine's compile cache always hits (the figure of ADR 009; not what production did).
 * - engine, a fresh tariff object per session: the tariff built from a freshly read row every time
 *   (`buildEngineTariff`), as pricing at close did before issue 24 section 7; the compile cache misses.
 * - engine, `engineTariffOf` of a fresh row: the same, through the per-version cache production uses.
 * - production path: `closeDecision` (domain/sessions/close-decision.ts), which is exactly what
 *   `priceClosedSession` runs between its D1 reads and its write batch: tariff selection over the rows in
 *   scope, the time line from the stored meter curve, the engine tariffs of three perspectives (driver,
 *   sub-operator, owner), `priceCdr`, the note, the tariff lines, the results JSON (version 2 now, the
 *   engine's results as JSON at the before commit) and the wallet's entry
 *   (half the drivers pay from a prepaid wallet). Its input is what the reads return, materialised afresh
 *   per session (new objects, new strings) outside the timing. Left out: the D1 reads, D1's
 *   deserialisation of the rows, and building and sending the write batch. Today's code, and the same
 *   call with the decision of `--before` (default BEFORE_COMMIT, scripts/pricing-before.ts: the commit
 *   before the issue 24 section 7 speed-up), as it was and with its uncached build; with a curve of one
 *   point per stretch (the engine rows' time lines) and with one sampled every S seconds (default 60),
 *   downsampled to ≤ 120 points by the close's own summary, as the ocpp worker stores it.
 * - `--stages`: today's path cut into its stages (scripts/bench-pricing-stages.ts), µs per session each.
 *
 * CPU time is the process's (every thread, the collector's helpers included); each row also shows the
 * main thread's alone (Node ≥ 23.9).
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { priceSession } from '../domain/pricing/engine';
import type { SessionTimeline, Tariff } from '../domain/pricing/types';
import { closeDecision } from '../domain/sessions/close-decision';
import type { SessionPriceDecision } from '../domain/sessions/price-at-close';
import { buildEngineTariff, cachedVersionCount } from '../domain/tariffs/engine-cache';
import { engineTariffOf, type PricingRows } from '../drizzle/queries/pricing.store';
import { stageCosts, threadCpu } from './bench-pricing-stages';
import { BEFORE_COMMIT, pathAt } from './pricing-before';
import {
  freshTariffRows,
  generate,
  materialise,
  type ProductionInput,
  productionInputs,
  random,
  TARIFFS,
  tariffRow,
  walletsOf,
} from './pricing-workload';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const TOTAL = Number(
  args.find((a: string, i: number) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')) ?? 1_000_000,
);
const PRODUCTION_TOTAL = Math.max(1, Math.round(TOTAL / 5));
const SAMPLE_INTERVAL_S = Number(flag('--sample-interval') ?? 60);
const CHUNK = 100_000;
const PRODUCTION_CHUNK = 10_000;

/** The five tariffs as stored rows (JSON text: every session reads them afresh). */
const STORED_JSON = TARIFFS.map((t, k) => JSON.stringify([tariffRow(t, { id: 200 + k, companyId: 1, type: 'emp' })]));

function baseline(sessions: SessionTimeline[]): number {
  let sum = 0;
  for (const s of sessions) {
    let wh = 0;
    for (const p of s.periods) wh += p.energyWh;
    sum += Math.round((wh * 3500) / 100_000);
  }
  return sum;
}

function engine(sessions: SessionTimeline[], tariffOf: (i: number) => Tariff): number {
  let sum = 0;
  for (let i = 0; i < sessions.length; i++) {
    const result = priceSession(tariffOf(i), sessions[i] as SessionTimeline);
    if (result.kind === 'priced') sum += result.totals.inclVat;
  }
  return sum;
}

type Decide = (f: PricingRows) => SessionPriceDecision;
type Wallets = ReturnType<typeof walletsOf>;
type Session = ProductionInput['session'];

/** `priceClosedSession` between its reads and its write batch (`closeDecision`), with `decide` of a commit. */
function production(inputs: PricingRows[], sessions: Session[], wallets: Wallets[], decide?: Decide): number {
  let sum = 0;
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i] as PricingRows;
    const { decision, debit } = closeDecision(sessions[i] as Session, input, wallets[i] as Wallets, decide);
    const p = decision.prices;
    sum += (p.empTotal ?? 0) + (p.subcpoTotal ?? 0) + (p.ownerTotal ?? 0) + decision.lines.length;
    // The results text is read as D1's binding reads it (a string built in parts is flattened here, as
    // there); its length is not summed: version 1 (before) and version 2 (now) differ (ADR 009, 27 Nov).
    const text = decision.resultsJson;
    sum += (text.charCodeAt(text.length >> 1) > 0 ? 0 : 1) + (decision.note?.length ?? 0) + (debit.plan?.amount ?? 0);
  }
  return sum;
}

// A full collection before each timed section, so the garbage of preparing its input (the fresh rows)
// is not collected inside the timing of the next row; what a row's own work leaves is still in it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Adds the CPU time of `run` to the row: of the process (every thread: the collector's helpers too,
 * the row's figure) and of this thread alone (Node ≥ 23.9; what the isolate itself spent).
 */
function time(r: Row, run: () => void): void {
  gc();
  const wall = performance.now();
  const before = process.cpuUsage();
  const thread = threadCpu();
  run();
  const used = process.cpuUsage(before);
  r.ms += (used.user + used.system) / 1000;
  r.userMs += used.user / 1000;
  r.threadMs += threadCpu() - thread;
  r.wallMs += performance.now() - wall;
}

interface Row {
  name: string;
  count: number;
  ms: number;
  /** User CPU of the process alone, and wall time (on a shared machine, the wait for a core too). */
  userMs: number;
  threadMs: number;
  wallMs: number;
  checksum: number;
}
const rows: Row[] = [];
const row = (name: string, count: number): Row => {
  const r = { name, count, ms: 0, userMs: 0, threadMs: 0, wallMs: 0, checksum: 0 };
  rows.push(r);
  return r;
};

// Engine rows: the same sessions, one perspective each, tariff k = session index mod 5.
{
  const next = random(20261121);
  const warm = generate(20_000, next);
  engine(warm, (i) => TARIFFS[i % TARIFFS.length] as Tariff); // warm-up: JIT and the zone offset cache
  engine(warm, (i) => engineTariffOf(freshTariffRows(STORED_JSON[i % TARIFFS.length] as string)[0] as never));
  const base = row('baseline (energy × one price)', TOTAL);
  const shared = row('engine, shared tariff objects (old row)', TOTAL);
  const fresh = row('engine, fresh tariff object per session', TOTAL);
  const perVersion = row('engine, engineTariffOf(fresh row)', TOTAL);
  for (let done = 0; done < TOTAL; done += CHUNK) {
    const sessions = generate(Math.min(CHUNK, TOTAL - done), next);
    time(base, () => {
      base.checksum += baseline(sessions);
    });
    time(shared, () => {
      shared.checksum += engine(sessions, (i) => TARIFFS[(done + i) % TARIFFS.length] as Tariff);
    });
    const freshRows = sessions.map((_, i) => freshTariffRows(STORED_JSON[(done + i) % TARIFFS.length] as string)[0]);
    time(fresh, () => {
      fresh.checksum += engine(sessions, (i) => buildEngineTariff(freshRows[i] as never));
    });
    const againRows = sessions.map((_, i) => freshTariffRows(STORED_JSON[(done + i) % TARIFFS.length] as string)[0]);
    time(perVersion, () => {
      perVersion.checksum += engine(sessions, (i) => engineTariffOf(againRows[i] as never));
    });
  }
}

// Production rows: `closeDecision` over rows materialised afresh per session, today's and (when git can
// give it) at BEFORE_COMMIT: as it was (per-version cache) and with the uncached build before that.
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadAtStart = loadAverage();
const before = await pathAt(flag('--before') ?? BEFORE_COMMIT);
if ('error' in before) console.warn(`  before rows left out: ${before.error}`);
function productionRows(label: string, curve: { sampleIntervalS?: number }) {
  const next = random(20261122);
  const warm = productionInputs(generate(5_000, next), 1, curve);
  const warmSessions = warm.map((w) => w.session);
  const warmWallets = warmSessions.map(walletsOf);
  const paths: [string, Decide | undefined][] = [];
  if (!('error' in before)) {
    const at = before.commit.slice(0, 7);
    paths.push([`production path at ${at}, uncached build (before §7), ${label}`, before.priceUncached]);
    paths.push([`production path at ${at} (before), ${label}`, before.decideSessionPrice]);
  }
  paths.push([`production path (now), ${label}`, undefined]);
  for (const [, decide] of paths) production(warm.map(materialise), warmSessions, warmWallets, decide);
  const timed = paths.map(([name, decide]) => ({ r: row(name, PRODUCTION_TOTAL), decide }));
  for (let done = 0; done < PRODUCTION_TOTAL; done += PRODUCTION_CHUNK) {
    const inputs: ProductionInput[] = productionInputs(
      generate(Math.min(PRODUCTION_CHUNK, PRODUCTION_TOTAL - done), next),
      100_000 + done,
      curve,
    );
    const sessions = inputs.map((input) => input.session);
    const wallets = sessions.map(walletsOf);
    for (const { r, decide } of timed) {
      const rows = inputs.map(materialise);
      time(r, () => {
        r.checksum += production(rows, sessions, wallets, decide);
      });
    }
  }
}
productionRows('a curve point per stretch', {});
productionRows(`a curve sampled every ${SAMPLE_INTERVAL_S} s (≤ 120 points)`, { sampleIntervalS: SAMPLE_INTERVAL_S });

// Where the time of today's path goes, stage by stage (--stages).
const stages = args.includes('--stages')
  ? [{}, { sampleIntervalS: SAMPLE_INTERVAL_S }].map((curve) =>
      stageCosts(productionInputs(generate(20_000, random(20261123)), 500_000, curve)),
    )
  : [];

const fmt = (n: number) => n.toLocaleString('en-GB');
const rate = (r: Row) => Math.round(r.count / (r.ms / 1000));
console.log(
  `pricing on one core (${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}); engine rows ${fmt(TOTAL)} sessions, production rows ${fmt(PRODUCTION_TOTAL)} sessions × 3 perspectives`,
);
const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) {
  console.log(
    `  ${r.name.padEnd(width)} ${fmt(rate(r)).padStart(11)} sessions/s per core  ${((r.ms * 1000) / r.count).toFixed(2).padStart(7)} µs CPU/session (${((r.userMs * 1000) / r.count).toFixed(2)} user, ${((r.threadMs * 1000) / r.count).toFixed(2)} on the main thread; ${((r.wallMs * 1000) / r.count).toFixed(2)} µs wall)  (checksum ${r.checksum})`,
  );
}
const byName = (prefix: string) => rows.filter((r) => r.name.startsWith(prefix));
const [, shared, fresh, perVersion] = rows as [Row, Row, Row, Row];
const agree = (rs: Row[]) => rs.every((r) => r.checksum === rs[0]?.checksum);
const curves = ['a curve point', 'a curve sampled'];
console.log(
  `  checksums: engine rows ${agree([shared, fresh, perVersion]) ? 'agree' : 'DIFFER'}; production rows ${
    curves.every((c) => agree(byName('production').filter((r) => r.name.includes(c)))) ? 'agree' : 'DIFFER'
  }; tariff versions cached: ${cachedVersionCount()}; load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
);
const headline = rows.find((r) => r.name.startsWith('production path (now), a curve sampled')) as Row;
console.log(
  `  target ≥ 200,000 sessions/s per core on the production path (three perspectives, ${SAMPLE_INTERVAL_S} s curves): ${fmt(rate(headline))}, ${
    rate(headline) >= 200_000 ? 'met' : 'NOT met'
  }; with a point per stretch: ${fmt(rate(byName('production path (now)')[0] as Row))}`,
);
if (stages.length > 0) {
  console.log(`  stages of today's path, µs CPU per session (a point per stretch | ${SAMPLE_INTERVAL_S} s curves):`);
  for (const [k, [name, us]] of (stages[0] ?? []).entries()) {
    console.log(
      `    ${name.padEnd(48)} ${us.toFixed(2).padStart(7)} | ${(stages[1]?.[k]?.[1] ?? 0).toFixed(2).padStart(7)}`,
    );
  }
}
console.log('  (measured on a shared machine unless it says otherwise: re-measure on a quiet one for figures to keep)');
