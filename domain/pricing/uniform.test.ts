import { describe, expect, it } from 'vitest';
import { random } from '../../scripts/pricing-workload';
import { compileTariff } from './compile';
import { priceSession } from './engine';
import type { Dimension, Period, PriceComponent, SessionTimeline, Tariff, TariffElement } from './types';

type Next = () => number;
const int = (next: Next, lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
const pick = <T>(next: Next, xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;

function component(next: Next, type: Dimension): PriceComponent {
  return {
    type,
    price: int(next, 0, 40) * 250,
    vatBp: next() < 0.2 ? null : pick(next, [0, 550, 2000]),
    stepSize: pick(next, [0, 1, 60, 300, 1000]),
  };
}

/** A tariff whose first element prices the dimensions it names everywhere; later elements are restricted. */
function uniformTariff(next: Next, i: number): Tariff {
  const types: Dimension[] = ['FLAT', 'ENERGY', 'TIME', 'PARKING_TIME'].filter(() => next() < 0.6) as Dimension[];
  const elements: TariffElement[] = [{ priceComponents: types.map((t) => component(next, t)) }];
  for (let k = int(next, 0, 3); k > 0; k--) {
    elements.push({
      priceComponents: [component(next, pick(next, ['ENERGY', 'TIME', 'PARKING_TIME', 'FLAT'] as const))],
      restrictions: pick(next, [
        { startTime: '22:00', endTime: '06:00' },
        { minKwh: 1.5 },
        { maxDuration: 1800 },
        { minPower: 11, maxPower: 50 },
        { dayOfWeek: ['SATURDAY', 'SUNDAY'] as const },
        { minCurrent: 16 },
      ]),
    });
  }
  // A reservation element prices the reserved time, outside the session's dimensions.
  if (next() < 0.2)
    elements.push({ priceComponents: [component(next, 'TIME')], restrictions: { reservation: 'RESERVATION' } });
  return {
    id: `u${i}`,
    currency: 'EUR',
    elements,
    ...(next() < 0.3 ? { timeStepRule: 'session' as const } : {}),
    ...(next() < 0.3 ? { freeParkingS: pick(next, [0, 600, 3600, Number.POSITIVE_INFINITY]) } : {}),
    ...(next() < 0.2 ? { graceTimeS: int(next, 60, 900) } : {}),
    ...(next() < 0.2 ? { minPrice: { exclVat: int(next, 0, 2000) } } : {}),
    ...(next() < 0.2 ? { maxPrice: { exclVat: int(next, 100, 4000) } } : {}),
    ...(next() < 0.5 ? { display: 'included' as const } : {}),
  };
}

/** Stretches of charging, parking and zero-length meter readings; sometimes out of order (unsound). */
function timeline(next: Next): SessionTimeline {
  const start = Date.parse('2026-03-28T20:00:00Z') + int(next, 0, 200) * 3_600_000;
  const periods: Period[] = [];
  let at = start;
  for (let n = int(next, 0, 12); n > 0; n--) {
    const ms = next() < 0.1 ? 0 : int(next, 1, 7200) * 1000;
    const charging = next() < 0.6;
    const energyWh = charging ? int(next, 0, 30_000) : next() < 0.05 ? 10 : 0;
    const p: Period = { start: at, end: at + ms, energyWh, powerW: charging ? int(next, 0, 150_000) : 0, charging };
    if (charging && next() < 0.5) p.currentA = int(next, 6, 400);
    periods.push(p);
    at += ms;
  }
  if (next() < 0.05) periods.reverse();
  const t: SessionTimeline = { start, end: at + (next() < 0.3 ? int(next, 0, 600) * 1000 : 0), periods, anomalies: [] };
  if (next() < 0.15) t.reservation = { start: start - 900_000, end: start, expired: next() < 0.3 };
  return t;
}

describe('a uniform tariff is priced from the time line sums exactly as through its segments', () => {
  it('gives 5,000 random sessions under random uniform tariffs identical results', () => {
    const next = random(2411);
    let uniform = 0;
    let lines = 0;
    for (let i = 0; i < 5_000; i++) {
      const tariff = uniformTariff(next, i);
      if (compileTariff(tariff).uniform) uniform++;
      const t = timeline(next);
      const zone = pick(next, ['Europe/Paris', 'America/New_York', 'UTC']);
      const fast = priceSession(tariff, t, { timeZone: zone });
      const reference = priceSession(tariff, t, { timeZone: zone, throughSegments: true });
      expect(fast).toEqual(reference);
      if (fast.kind === 'priced') lines += fast.lines.length;
    }
    // A later restricted element that is the first of its dimension makes the tariff non-uniform.
    expect(uniform).toBeGreaterThan(2_000);
    expect(lines).toBeGreaterThan(5_000);
  });

  it('is not taken when a dimension’s first element is restricted', () => {
    const restricted: Tariff = {
      id: 'r',
      currency: 'EUR',
      elements: [
        { priceComponents: [{ type: 'ENERGY', price: 1000, vatBp: null, stepSize: 1 }], restrictions: { maxKwh: 2 } },
        { priceComponents: [{ type: 'ENERGY', price: 3000, vatBp: null, stepSize: 1 }] },
      ],
    };
    expect(compileTariff(restricted).uniform).toBe(false);
    const t: SessionTimeline = {
      start: 0,
      end: 3_600_000,
      periods: [{ start: 0, end: 3_600_000, energyWh: 4000, powerW: 4000, charging: true }],
      anomalies: [],
    };
    const result = priceSession(restricted, t, { timeZone: 'UTC' });
    expect(result.kind === 'priced' && result.lines.map((l) => [l.quantity, l.exclVat])).toEqual([
      [2000, 20],
      [2000, 60],
    ]);
  });
});
