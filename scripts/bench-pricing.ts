/**
 * Prices 1,000,000 generated sessions over a mix of tariffs in one process (one core) and prints
 * sessions per second per core, next to a baseline over the same sessions: a trivial loop that
 * multiplies each session's energy by one price. Usage: `npm run bench:pricing [-- sessions]`.
 */
import { cpus } from 'node:os';
import { anElement, aTariff, energy, flat, parking, time } from '../domain/pricing/builders';
import { priceSession } from '../domain/pricing/engine';
import type { Period, SessionTimeline, Tariff } from '../domain/pricing/types';

const TOTAL = Number(process.argv[2] ?? 1_000_000);
const CHUNK = 100_000;
const YEAR_START = Date.parse('2026-01-01T00:00:00Z');

const TARIFFS: Tariff[] = [
  aTariff({ id: 'energy', elements: [anElement([energy('0.35', { vat: 20 })])] }),
  aTariff({
    id: 'start-energy-parking',
    elements: [
      anElement([flat('0.50', { vat: 20 }), energy('0.30', { vat: 20 }), parking('6.00', { vat: 20, step: 300 })]),
    ],
    maxPrice: { exclVat: 4000, inclVat: 4800 },
  }),
  aTariff({
    id: 'day-night',
    graceTimeS: 120,
    elements: [
      anElement([energy('0.18', { vat: 20 })], { startTime: '22:00', endTime: '06:00' }),
      anElement([energy('0.32', { vat: 20 })]),
      anElement([parking('3.00', { vat: 20, step: 60 })], {
        startTime: '08:00',
        endTime: '20:00',
        dayOfWeek: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      }),
    ],
  }),
  aTariff({
    id: 'power-tiers',
    elements: [
      anElement([energy('0.29', { vat: 20 })], { maxPower: 22 }),
      anElement([energy('0.45', { vat: 20 })], { maxPower: 100 }),
      anElement([energy('0.59', { vat: 20 })]),
      anElement([time('1.20', { vat: 20, step: 60 })], { minDuration: 3600 }),
    ],
  }),
  aTariff({
    id: 'first-kwh-and-hour',
    minPrice: { exclVat: 100 },
    elements: [
      anElement([energy('0', { vat: 20 })], { maxKwh: 1 }),
      anElement([energy('0.25', { vat: 20 })], { minKwh: 1 }),
      anElement([parking('0', { vat: 20, step: 60 })], { maxDuration: 3600 }),
      anElement([parking('2.00', { vat: 20, step: 60 })]),
    ],
  }),
];

/** mulberry32: a small deterministic generator, so every run prices the same sessions. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function generate(count: number, next: () => number): SessionTimeline[] {
  const out: SessionTimeline[] = [];
  for (let i = 0; i < count; i++) {
    const start = YEAR_START + Math.floor(next() * 365 * 86_400) * 1000;
    const periods: Period[] = [];
    let at = start;
    const charging = 1 + Math.floor(next() * 4);
    for (let p = 0; p < charging; p++) {
      const ms = (5 + Math.floor(next() * 90)) * 60_000;
      const powerW = Math.round(3_700 + next() * 146_300);
      const energyWh = Math.round((powerW * ms) / 3_600_000);
      periods.push({ start: at, end: at + ms, energyWh, powerW, currentA: Math.round(powerW / 230), charging: true });
      at += ms;
    }
    if (next() < 0.6) {
      const ms = Math.floor(next() * 180) * 60_000;
      periods.push({ start: at, end: at + ms, energyWh: 0, powerW: 0, charging: false });
      at += ms;
    }
    out.push({ start, end: at, periods, anomalies: [] });
  }
  return out;
}

function baseline(sessions: SessionTimeline[]): number {
  let sum = 0;
  for (const s of sessions) {
    let wh = 0;
    for (const p of s.periods) wh += p.energyWh;
    sum += Math.round((wh * 3500) / 100_000);
  }
  return sum;
}

function engine(sessions: SessionTimeline[], offset: number): number {
  let sum = 0;
  for (let i = 0; i < sessions.length; i++) {
    const result = priceSession(TARIFFS[(offset + i) % TARIFFS.length], sessions[i] as SessionTimeline);
    if (result.kind === 'priced') sum += result.totals.inclVat;
  }
  return sum;
}

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const next = random(20261121);
engine(generate(20_000, next), 0); // warm-up: JIT and the zone offset cache
let engineMs = 0;
let baselineMs = 0;
let checksum = 0;
for (let done = 0; done < TOTAL; done += CHUNK) {
  const sessions = generate(Math.min(CHUNK, TOTAL - done), next);
  baselineMs += cpuMs(() => {
    checksum += baseline(sessions);
  });
  engineMs += cpuMs(() => {
    checksum += engine(sessions, done);
  });
}

const rate = (ms: number) => Math.round(TOTAL / (ms / 1000));
console.log(
  `pricing ${TOTAL.toLocaleString('en-GB')} sessions over ${TARIFFS.length} tariffs, one core (${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version})`,
);
console.log(
  `  baseline (energy × one price): ${rate(baselineMs).toLocaleString('en-GB').padStart(12)} sessions/s per core (${baselineMs.toFixed(0)} ms CPU)`,
);
console.log(
  `  pricing engine:                ${rate(engineMs).toLocaleString('en-GB').padStart(12)} sessions/s per core (${engineMs.toFixed(0)} ms CPU)`,
);
console.log(
  `  engine / baseline CPU time: ${(engineMs / baselineMs).toFixed(1)}×; target ≥ 200,000 sessions/s: ${rate(engineMs) >= 200_000 ? 'met' : 'NOT met'} (checksum ${checksum})`,
);
