/**
 * Sessions priced per second of CPU time on one core, in one process, each row against the others
 * and a trivial baseline in the same run. Usage: `npm run bench:pricing [-- sessions] [--sample-interval S]`
 * (default 1,000,000 sessions for the engine rows; the production rows price a fifth of that).
 *
 * Rows:
 * - baseline: energy × one price per session.
 * - engine, shared tariff objects: `priceSession` with the same five tariff objects for every session,
 *   so the engine's compile cache always hits (the figure of ADR 009; not what production did).
 * - engine, a fresh tariff object per session: the tariff built from a freshly read row every time
 *   (`buildEngineTariff`), as pricing at close did before issue 24 section 7; the compile cache misses.
 * - engine, `engineTariffOf` of a fresh row: the same, through the per-version cache production uses now.
 * - production path: `decideSessionPrice` (domain/sessions/price-at-close.ts), which is everything
 *   `priceClosedSession` does between its D1 reads and its write batch: tariff selection over the rows
 *   in scope, the time line from the stored meter curve (JSON), the engine tariffs of three perspectives
 *   (driver, sub-operator, owner), `priceCdr`, the note, the tariff lines and the results JSON. Its
 *   input is what the reads return, materialised afresh per session (new objects, new strings) outside
 *   the timing. Left out: the D1 reads and the write batch, and D1's deserialisation of the rows.
 *   Once with the uncached build (before), once as production runs now; with a curve of one point per
 *   stretch (the engine rows' time lines) and with one sampled every S seconds (default 60),
 *   downsampled to ≤ 120 points by the close's own summary, as the ocpp worker stores it.
 */
import { cpus } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { priceSession } from '../domain/pricing/engine';
import type { SessionTimeline, Tariff } from '../domain/pricing/types';
import { decideSessionPrice } from '../domain/sessions/price-at-close';
import { buildEngineTariff, cachedVersionCount } from '../domain/tariffs/engine-cache';
import { engineTariffOf, type PricingRows } from '../drizzle/queries/pricing.store';
import {
  freshTariffRows,
  generate,
  materialise,
  type ProductionInput,
  priceUncached,
  productionInputs,
  random,
  TARIFFS,
  tariffRow,
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

function production(inputs: PricingRows[], uncached: boolean): number {
  let sum = 0;
  for (const input of inputs) {
    const { prices, lines } = uncached ? priceUncached(input) : decideSessionPrice(input);
    sum += (prices.empTotal ?? 0) + (prices.subcpoTotal ?? 0) + (prices.ownerTotal ?? 0) + lines.length;
  }
  return sum;
}

// A full collection before each timed section, so the garbage of preparing its input (the fresh rows)
// is not collected inside the timing of the next row; what a row's own work leaves is still in it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function cpuMs(run: () => void): number {
  gc();
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

interface Row {
  name: string;
  count: number;
  ms: number;
  checksum: number;
}
const rows: Row[] = [];
const row = (name: string, count: number): Row => {
  const r = { name, count, ms: 0, checksum: 0 };
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
    base.ms += cpuMs(() => {
      base.checksum += baseline(sessions);
    });
    shared.ms += cpuMs(() => {
      shared.checksum += engine(sessions, (i) => TARIFFS[(done + i) % TARIFFS.length] as Tariff);
    });
    const freshRows = sessions.map((_, i) => freshTariffRows(STORED_JSON[(done + i) % TARIFFS.length] as string)[0]);
    fresh.ms += cpuMs(() => {
      fresh.checksum += engine(sessions, (i) => buildEngineTariff(freshRows[i] as never));
    });
    const againRows = sessions.map((_, i) => freshTariffRows(STORED_JSON[(done + i) % TARIFFS.length] as string)[0]);
    perVersion.ms += cpuMs(() => {
      perVersion.checksum += engine(sessions, (i) => engineTariffOf(againRows[i] as never));
    });
  }
}

// Production rows: decideSessionPrice over fresh rows, before (uncached build) and now.
function productionRows(label: string, curve: { sampleIntervalS?: number }) {
  const next = random(20261122);
  const warm = productionInputs(generate(5_000, next), 1, curve);
  production(warm.map(materialise), true);
  production(warm.map(materialise), false);
  const before = row(`production path, uncached build (before), ${label}`, PRODUCTION_TOTAL);
  const now = row(`production path (now), ${label}`, PRODUCTION_TOTAL);
  for (let done = 0; done < PRODUCTION_TOTAL; done += PRODUCTION_CHUNK) {
    const inputs: ProductionInput[] = productionInputs(
      generate(Math.min(PRODUCTION_CHUNK, PRODUCTION_TOTAL - done), next),
      100_000 + done,
      curve,
    );
    const a = inputs.map(materialise);
    const b = inputs.map(materialise);
    before.ms += cpuMs(() => {
      before.checksum += production(a, true);
    });
    now.ms += cpuMs(() => {
      now.checksum += production(b, false);
    });
  }
}
productionRows('a curve point per stretch', {});
productionRows(`a curve sampled every ${SAMPLE_INTERVAL_S} s (≤ 120 points)`, { sampleIntervalS: SAMPLE_INTERVAL_S });

const fmt = (n: number) => n.toLocaleString('en-GB');
const rate = (r: Row) => Math.round(r.count / (r.ms / 1000));
console.log(
  `pricing on one core (${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}); engine rows ${fmt(TOTAL)} sessions, production rows ${fmt(PRODUCTION_TOTAL)} sessions × 3 perspectives`,
);
const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) {
  console.log(
    `  ${r.name.padEnd(width)} ${fmt(rate(r)).padStart(11)} sessions/s per core  ${((r.ms * 1000) / r.count).toFixed(2).padStart(7)} µs CPU/session  (checksum ${r.checksum})`,
  );
}
const byName = (prefix: string) => rows.filter((r) => r.name.startsWith(prefix));
const [, shared, fresh, perVersion] = rows as [Row, Row, Row, Row];
const agree = (rs: Row[]) => rs.every((r) => r.checksum === rs[0]?.checksum);
console.log(
  `  checksums: engine rows ${agree([shared, fresh, perVersion]) ? 'agree' : 'DIFFER'}; production rows before/now ${
    [0, 2].every((i) => agree(byName('production').slice(i, i + 2))) ? 'agree' : 'DIFFER'
  }; tariff versions cached: ${cachedVersionCount()}`,
);
const headline = rows.find((r) => r.name.startsWith('production path (now), a curve sampled')) as Row;
console.log(
  `  target ≥ 200,000 sessions/s per core on the production path (three perspectives, ${SAMPLE_INTERVAL_S} s curves): ${fmt(rate(headline))}, ${
    rate(headline) >= 200_000 ? 'met' : 'NOT met'
  }; with a point per stretch: ${fmt(rate(byName('production path (now)')[0] as Row))}`,
);
console.log('  (measured on a shared machine unless it says otherwise: re-measure on a quiet one for figures to keep)');
