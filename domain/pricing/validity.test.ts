import { describe, expect, it } from 'vitest';
import { anElement, aSession, aTariff, charge, energy, flat, park, time } from '../../tests/support/pricing-builders';
import { priceSession } from './engine';
import { tariffAt } from './tariff-version';
import type { Priced, PricingResult, SessionTimeline, Tariff } from './types';

function priced(result: PricingResult): Priced {
  if (result.kind !== 'priced') throw new Error(`unpriced: ${result.reason}`);
  return result;
}

const START = '2026-05-12T10:00:00+02:00';
const T0 = Date.parse(START);

describe('zero energy, unpriced and validity', () => {
  it('a zero-energy session is priced: start fee and time, no energy line', () => {
    const tariff = aTariff({ elements: [anElement([flat('1.00'), energy('0.30'), time('1.20')])] });
    const result = priced(priceSession(tariff, aSession(START, park({ minutes: 30 }))));
    expect(result.lines.map((l) => [l.dimension, l.exclVat])).toEqual([['FLAT', 100]]);
    expect(result.quantities).toEqual({ energyWh: 0, chargingS: 0, parkingS: 1800 });
  });

  it('a zero-energy, zero-length session still pays the start fee', () => {
    const tariff = aTariff({ elements: [anElement([flat('1.00'), energy('0.30')])] });
    expect(priced(priceSession(tariff, aSession(START))).totals.exclVat).toBe(100);
  });

  it.each<{ name: string; tariff: Tariff | undefined; reason: string; timeZone?: string }>([
    { name: 'no tariff', tariff: undefined, reason: 'no applicable tariff' },
    { name: 'a tariff without elements', tariff: aTariff({ elements: [] }), reason: 'tariff T1 has no elements' },
    {
      name: 'a tariff not yet valid',
      tariff: aTariff({ validFrom: T0 + 1 }),
      reason: 'tariff T1 is not yet valid at session start',
    },
    {
      name: 'a tariff no longer valid',
      tariff: aTariff({ validTo: T0 }),
      reason: 'tariff T1 is no longer valid at session start',
    },
    {
      name: 'an unknown time zone',
      tariff: aTariff(),
      reason: 'unknown time zone Mars/Olympus',
      timeZone: 'Mars/Olympus',
    },
  ])('$name is unpriced, never 0', ({ tariff, reason, timeZone }) => {
    const result = priceSession(
      tariff,
      aSession(START, charge({ minutes: 60, kwh: 10 })),
      timeZone ? { timeZone } : {},
    );
    expect(result).toEqual({ kind: 'unpriced', reason, needsRevision: null });
  });

  it('a session spanning the apply-from date of a new version is priced whole by the version valid at its start', () => {
    const applyFrom = T0 + 30 * 60_000;
    const old = aTariff({ id: 'v1', validTo: applyFrom, elements: [anElement([energy('0.20')])] });
    const next = aTariff({ id: 'v2', validFrom: applyFrom, elements: [anElement([energy('0.40')])] });
    const session: SessionTimeline = aSession(START, charge({ minutes: 60, kwh: 10 }));
    const chosen = tariffAt([next, old], session.start);
    expect(chosen?.id).toBe('v1');
    expect(priced(priceSession(chosen, session)).totals.exclVat).toBe(200);
    expect(tariffAt([next, old], applyFrom)?.id).toBe('v2');
    expect(priceSession(next, session).kind).toBe('unpriced');
  });
});
