import { describe, expect, it } from 'vitest';
import { anElement, aSession, aTariff, charge, energy, time } from '../../tests/support/pricing-builders';
import { dayOfDate, weekdayOfDay } from '../time/zone-clock';
import { priceSession } from './engine';
import { compileRestrictions, matches, parseClock, type SegmentFacts } from './restrictions';
import type { TariffRestrictions } from './types';

/** Every OCPI restriction alone: min bounds inclusive, max bounds exclusive (TariffRestrictions class). */

const base: SegmentFacts = {
  minute: 600, // 10:00
  day: 20_523, // 2026-03-11, a Wednesday
  weekday: 2,
  energyWh: 5000,
  elapsedMs: 1_800_000,
  powerW: 11_000,
  currentA: 16,
};

describe('matches', () => {
  it.each<{ name: string; r: TariffRestrictions; facts?: Partial<SegmentFacts>; ok: boolean }>([
    { name: 'no restrictions', r: {}, ok: true },
    { name: 'start_time inclusive', r: { startTime: '10:00' }, ok: true },
    { name: 'before start_time', r: { startTime: '10:01' }, ok: false },
    { name: 'end_time exclusive', r: { endTime: '10:00' }, ok: false },
    { name: 'before end_time', r: { endTime: '10:01' }, ok: true },
    {
      name: 'wrapping window, late evening',
      r: { startTime: '22:00', endTime: '06:00' },
      facts: { minute: 23 * 60 },
      ok: true,
    },
    {
      name: 'wrapping window, early morning',
      r: { startTime: '22:00', endTime: '06:00' },
      facts: { minute: 5 * 60 },
      ok: true,
    },
    { name: 'wrapping window, daytime', r: { startTime: '22:00', endTime: '06:00' }, ok: false },
    { name: 'end 00:00 = end of day', r: { startTime: '18:00', endTime: '00:00' }, facts: { minute: 1439 }, ok: true },
    { name: 'same start and end = whole day', r: { startTime: '08:00', endTime: '08:00' }, ok: true },
    { name: 'start_date inclusive', r: { startDate: '2026-03-11' }, ok: true },
    { name: 'end_date exclusive', r: { endDate: '2026-03-11' }, ok: false },
    { name: 'min_kwh inclusive', r: { minKwh: 5 }, ok: true },
    { name: 'below min_kwh', r: { minKwh: 5.001 }, ok: false },
    { name: 'max_kwh exclusive', r: { maxKwh: 5 }, ok: false },
    { name: 'min_power inclusive (kW)', r: { minPower: 11 }, ok: true },
    { name: 'max_power exclusive (kW)', r: { maxPower: 11 }, ok: false },
    { name: 'min_current inclusive', r: { minCurrent: 16 }, ok: true },
    { name: 'max_current exclusive', r: { maxCurrent: 16 }, ok: false },
    {
      name: 'unknown current never matches a current restriction',
      r: { minCurrent: 0 },
      facts: { currentA: undefined },
      ok: false,
    },
    { name: 'unknown current is fine without one', r: { minPower: 1 }, facts: { currentA: undefined }, ok: true },
    { name: 'min_duration inclusive (s)', r: { minDuration: 1800 }, ok: true },
    { name: 'max_duration exclusive (s)', r: { maxDuration: 1800 }, ok: false },
    { name: 'day_of_week listed', r: { dayOfWeek: ['WEDNESDAY'] }, ok: true },
    { name: 'day_of_week not listed', r: { dayOfWeek: ['SATURDAY', 'SUNDAY'] }, ok: false },
    { name: 'all restrictions are a logical AND', r: { minKwh: 1, dayOfWeek: ['MONDAY'] }, ok: false },
  ])('$name → $ok', ({ r, facts, ok }) => {
    expect(matches(compileRestrictions(r), { ...base, ...facts })).toBe(ok);
  });

  it('the base facts are consistent: 2026-03-11 is day 20,523 and a Wednesday', () => {
    expect([dayOfDate('2026-03-11'), weekdayOfDay(dayOfDate('2026-03-11'))]).toEqual([base.day, base.weekday]);
  });

  it.each(['24:00', '9:00', '12:60', 'noon'])('rejects the time of day %s', (text) => {
    expect(() => parseClock(text)).toThrow(RangeError);
  });
});

describe('restrictions split a session where they switch', () => {
  const start = '2026-03-11T10:00:00+01:00';

  it('min_kwh / max_kwh: the first 2 kWh at one price, the rest at another (split inside a period)', () => {
    const tariff = aTariff({
      elements: [anElement([energy('0.10')], { maxKwh: 2 }), anElement([energy('0.50')], { minKwh: 2 })],
    });
    const result = priceSession(tariff, aSession(start, charge({ minutes: 60, kwh: 5 })));
    expect(result.kind === 'priced' && result.lines.map((l) => [l.elementIndex, l.quantity])).toEqual([
      [0, 2000],
      [1, 3000],
    ]);
  });

  it('max_duration: time after 45 minutes goes to the fallback element', () => {
    const tariff = aTariff({ elements: [anElement([time('1.00')], { maxDuration: 2700 }), anElement([time('4.00')])] });
    const result = priceSession(tariff, aSession(start, charge({ minutes: 60, kwh: 5 })));
    expect(result.kind === 'priced' && result.lines.map((l) => [l.elementIndex, l.quantity, l.exclVat])).toEqual([
      [0, 2700, 75],
      [1, 900, 100],
    ]);
  });

  it('min_power: only the fast part of the session pays the fast price', () => {
    const tariff = aTariff({ elements: [anElement([energy('0.60')], { minPower: 50 }), anElement([energy('0.30')])] });
    const session = aSession(start, charge({ minutes: 30, kwh: 40 }), charge({ minutes: 30, kwh: 5 }));
    const result = priceSession(tariff, session);
    expect(result.kind === 'priced' && result.totals.exclVat).toBe(2400 + 150);
  });

  it('an element with no match and no fallback bills nothing for that dimension', () => {
    const tariff = aTariff({ elements: [anElement([time('2.00')], { startTime: '20:00', endTime: '22:00' })] });
    const result = priceSession(tariff, aSession(start, charge({ minutes: 60, kwh: 5 })));
    expect(result.kind === 'priced' && result.lines).toEqual([]);
  });
});
