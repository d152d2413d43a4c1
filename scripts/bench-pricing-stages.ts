/**
 * @module The production path of `bench:pricing` cut into its stages, each timed on its own over the same
 * sessions (the outputs of one stage are the inputs of the next, prepared outside the timing): where the
 * CPU time of a close goes. The stages' sum is close to, not equal to, the whole path's figure (each
 * stage runs with its own JIT and allocation state, and the whole path collects garbage once).
 */

import { stoppedForLimit } from '../domain/charging-authorization/limits';
import type { CdrPrices, MeterSample, PerspectiveTariffs, SessionTimeline } from '../domain/pricing';
import { priceCdr, timelineFromMeterValues } from '../domain/pricing';
import {
  engineTariffsOf,
  type SessionTariffs,
  samplesOf,
  selectSessionTariffs,
  tariffLineRows,
} from '../domain/sessions/price-at-close';
import { storedResultsJson } from '../domain/sessions/stored-results';
import { debitAtClose } from '../domain/wallets/session-debit';
import type { PricingRows } from '../drizzle/queries/pricing.store';
import { materialise, type ProductionInput, walletsOf } from './pricing-workload';

interface Prepared {
  rows: PricingRows;
  session: ProductionInput['session'];
  sel?: SessionTariffs;
  engine?: PerspectiveTariffs;
  samples?: MeterSample[];
  timeline?: SessionTimeline;
  prices?: CdrPrices;
}

/** µs of CPU per session of each stage, in the order the close runs them. */
export function stageCosts(inputs: ProductionInput[]): [string, number][] {
  // Few sessions at a time (1,000): what one stage hands to the next is kept alive meanwhile, and a
  // whole run's samples and time lines would make the collector's work, not the stage's.
  const out: [string, number][] = [];
  for (let from = 0; from < inputs.length; from += 1_000) {
    const all = inputs.slice(from, from + 1_000).map((p) => ({ rows: materialise(p), session: p.session }));
    let k = 0;
    runStages((name, run) => {
      for (let i = 0; i < Math.min(200, all.length); i++) run(all[i] as Prepared); // warm-up (idempotent)
      const before = threadCpu();
      for (const p of all) run(p);
      const ms = threadCpu() - before;
      if (out.length <= k) out.push([name, 0]);
      (out[k] as [string, number])[1] += (ms * 1000) / inputs.length;
      k++;
    });
  }
  return out;
}

/**
 * CPU ms of this thread (Node ≥ 23.9), else of the process: the process's figure also counts the
 * collector's helper threads still sweeping what an earlier stage left, which is not this stage's work.
 */
export function threadCpu(): number {
  const p = process as { threadCpuUsage?: () => NodeJS.CpuUsage };
  const u = p.threadCpuUsage ? p.threadCpuUsage() : process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function runStages(stage: (name: string, run: (p: Prepared) => void) => void) {
  stage('tariff selection (rows → each party’s tariff)', (p) => {
    p.sel = selectSessionTariffs(p.rows);
  });
  stage('engine tariffs (per-version cache look-ups)', (p) => {
    p.engine = engineTariffsOf(p.sel as SessionTariffs);
  });
  stage('stored curve → meter samples', (p) => {
    p.samples = samplesOf(p.session.meterCurveJson);
  });
  stage('meter samples → time line', (p) => {
    const s = p.session;
    p.timeline = timelineFromMeterValues({
      start: s.startAt.getTime(),
      end: s.endAt.getTime(),
      meterStartWh: s.meterStartWh,
      meterStopWh: s.meterStopWh ?? undefined,
      samples: p.samples as MeterSample[],
      stopChargingAt: s.stopChargingAt ? s.stopChargingAt.getTime() : undefined,
    });
  });
  stage('three perspectives (priceCdr)', (p) => {
    const options = { timeZone: 'Europe/Paris', ignoreGraceTime: stoppedForLimit(p.session.remark) };
    p.prices = priceCdr(p.engine as PerspectiveTariffs, p.timeline as SessionTimeline, options);
  });
  stage('tariff lines (rows to insert)', (p) => {
    tariffLineRows(p.session.id, (p.prices as CdrPrices).results, { emsp: 1, cpo: 2, owner: 3 });
  });
  stage('results JSON (storedResultsJson, version 2)', (p) => {
    const text = storedResultsJson((p.prices as CdrPrices).results);
    text.charCodeAt(text.length >> 1); // flattened, as D1's binding does
  });
  stage('wallet entry (debitAtClose)', (p) => {
    const prices = p.prices as CdrPrices;
    debitAtClose({
      session: p.session,
      paymentType: p.rows.paymentType,
      currency: 'EUR',
      priceMinor: prices.pricingStatus === 'priced' ? prices.empTotal : null,
      wallets: walletsOf(p.session),
    });
  });
}
