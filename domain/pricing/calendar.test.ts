import { describe, expect, it } from 'vitest';
import {
  anElement,
  aSession,
  aTariff,
  charge,
  energy,
  park,
  parking,
  time,
} from '../../tests/support/pricing-builders';
import { ZoneClock } from '../time/zone-clock';
import { priceSession } from './engine';
import type { PricedLine, PricingResult, SessionTimeline, Tariff } from './types';

/** Time of day, midnight, weekdays, dates and the CET/CEST changes (last Sundays of March and October 2026). */

function priced(result: PricingResult) {
  if (result.kind !== 'priced') throw new Error(`unpriced: ${result.reason}`);
  return result;
}
const summary = (lines: PricedLine[]) => lines.map((l) => [l.dimension, l.elementIndex, l.quantity, l.exclVat]);

const nightDay = aTariff({
  elements: [anElement([energy('0.15')], { startTime: '22:00', endTime: '06:00' }), anElement([energy('0.30')])],
});
const byTheHour = (inWindow: string, window: { startTime: string; endTime: string }): Tariff =>
  aTariff({ elements: [anElement([time(inWindow)], window), anElement([time('1.00')])] });

describe('time of day', () => {
  it.each<{ name: string; tariff: Tariff; session: SessionTimeline; lines: unknown[] }>([
    {
      name: 'a range over midnight (22:00–06:00) splits 21:00–23:00 at 22:00',
      tariff: nightDay,
      session: aSession('2026-01-14T21:00:00+01:00', charge({ minutes: 120, kwh: 10 })),
      lines: [
        ['ENERGY', 1, 5000, 150],
        ['ENERGY', 0, 5000, 75],
      ],
    },
    {
      name: 'a range over midnight holds after midnight until 06:00 (05:00–07:00)',
      tariff: nightDay,
      session: aSession('2026-01-15T05:00:00+01:00', charge({ minutes: 120, kwh: 10 })),
      lines: [
        ['ENERGY', 0, 5000, 75],
        ['ENERGY', 1, 5000, 150],
      ],
    },
    {
      name: 'a session across midnight stays in the night element (23:00–01:00)',
      tariff: nightDay,
      session: aSession('2026-01-14T23:00:00+01:00', charge({ minutes: 120, kwh: 10 })),
      lines: [['ENERGY', 0, 10000, 150]],
    },
    {
      name: 'end time 00:00 means end of day (18:00–00:00 at 3.00/h, 23:00–01:00)',
      tariff: byTheHour('3.00', { startTime: '18:00', endTime: '00:00' }),
      session: aSession('2026-01-14T23:00:00+01:00', charge({ minutes: 120, kwh: 10 })),
      lines: [
        ['TIME', 0, 3600, 300],
        ['TIME', 1, 3600, 100],
      ],
    },
  ])('$name', ({ tariff, session, lines }) => {
    expect(summary(priced(priceSession(tariff, session)).lines)).toEqual(lines);
  });

  it('uses the station time zone (Europe/Paris by default, here 21:00 UTC = 22:00 CET)', () => {
    const session = aSession('2026-01-14T21:00:00Z', charge({ minutes: 60, kwh: 10 }));
    expect(priced(priceSession(nightDay, session)).totals.exclVat).toBe(150);
    expect(priced(priceSession(nightDay, session, { timeZone: 'UTC' })).totals.exclVat).toBe(150 + 150);
    expect(priced(priceSession(nightDay, session, { timeZone: 'America/New_York' })).totals.exclVat).toBe(300);
  });
});

describe('DST change in CET', () => {
  const flatHour = aTariff({ elements: [anElement([time('2.00')])] });

  it.each([
    {
      name: 'spring (29 March 2026): 01:30 CET to 03:30 CEST is one hour, billed as one',
      session: aSession('2026-03-29T01:30:00+01:00', charge({ minutes: 60, kwh: 5 })),
      tariff: flatHour,
      excl: 200,
    },
    {
      name: 'autumn (25 October 2026): 01:30 CEST to 02:30 CET is two hours, billed as two',
      session: aSession('2026-10-25T01:30:00+02:00', charge({ minutes: 120, kwh: 5 })),
      tariff: flatHour,
      excl: 400,
    },
    {
      name: 'spring: 00:00–03:00 at 1.00/h, else 2.00/h; 01:00 CET to 04:00 CEST = 1 h + 1 h',
      session: aSession('2026-03-29T01:00:00+01:00', charge({ minutes: 120, kwh: 5 })),
      tariff: aTariff({
        elements: [anElement([time('1.00')], { startTime: '00:00', endTime: '03:00' }), anElement([time('2.00')])],
      }),
      excl: 300,
    },
    {
      name: 'autumn: 02:00–03:00 at 6.00/h happens twice; 01:00 CEST to 04:00 CET = 2 h at 6.00 + 2 h at 1.00',
      session: aSession('2026-10-25T01:00:00+02:00', charge({ minutes: 240, kwh: 5 })),
      tariff: byTheHour('6.00', { startTime: '02:00', endTime: '03:00' }),
      excl: 1400,
    },
    {
      name: 'spring: a window starting in the gap (02:30–04:00) starts when clocks jump to 03:00',
      session: aSession('2026-03-29T01:00:00+01:00', charge({ minutes: 120, kwh: 5 })),
      tariff: byTheHour('6.00', { startTime: '02:30', endTime: '04:00' }),
      excl: 100 + 600,
    },
  ])('$name', ({ tariff, session, excl }) => {
    expect(priced(priceSession(tariff, session)).totals.exclVat).toBe(excl);
  });

  it('ZoneClock reads offsets from Intl: +1 h in winter, +2 h in summer, two instants for 02:30 in October', () => {
    const clock = new ZoneClock('Europe/Paris');
    expect(clock.offsetAt(Date.parse('2026-01-01T12:00:00Z'))).toBe(3_600_000);
    expect(clock.offsetAt(Date.parse('2026-07-01T12:00:00Z'))).toBe(7_200_000);
    expect(clock.utcOf(Date.parse('2026-10-25T02:30:00Z')).map((u) => new Date(u).toISOString())).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
    ]);
    expect(clock.transitionsBetween(Date.parse('2026-03-28T23:00:00Z'), Date.parse('2026-03-29T23:00:00Z'))).toEqual([
      Date.parse('2026-03-29T01:00:00Z'),
    ]);
  });
});

describe('weekday and date restrictions, split at local midnight', () => {
  const weekend = aTariff({
    elements: [anElement([energy('0.10')], { dayOfWeek: ['SATURDAY', 'SUNDAY'] }), anElement([energy('0.40')])],
  });
  const summer = aTariff({
    elements: [
      anElement([energy('0.10')], { startDate: '2026-07-01', endDate: '2026-09-01' }),
      anElement([energy('0.40')]),
    ],
  });

  it.each([
    {
      name: 'Friday 23:00 to Saturday 01:00: half at the weekday price',
      tariff: weekend,
      start: '2026-03-06T23:00:00+01:00',
      excl: 200 + 50,
    },
    {
      name: 'Sunday 23:00 to Monday 01:00: half at the weekend price',
      tariff: weekend,
      start: '2026-03-08T23:00:00+01:00',
      excl: 50 + 200,
    },
    {
      name: 'start date is inclusive (30 June 23:00 → 1 July 01:00)',
      tariff: summer,
      start: '2026-06-30T23:00:00+02:00',
      excl: 200 + 50,
    },
    {
      name: 'end date is exclusive (31 August 23:00 → 1 September 01:00)',
      tariff: summer,
      start: '2026-08-31T23:00:00+02:00',
      excl: 50 + 200,
    },
  ])('$name', ({ tariff, start, excl }) => {
    expect(priced(priceSession(tariff, aSession(start, charge({ minutes: 120, kwh: 10 })))).totals.exclVat).toBe(excl);
  });

  it('parking restricted to a weekday window is billed only inside it (Monday 17:30–19:30 → 30 min)', () => {
    const tariff = aTariff({
      elements: [
        anElement([energy('0.30')]),
        anElement([parking('5.00', { step: 60 })], { startTime: '09:00', endTime: '18:00', dayOfWeek: ['MONDAY'] }),
      ],
    });
    const session = aSession('2026-03-02T17:00:00+01:00', charge({ minutes: 30, kwh: 1 }), park({ minutes: 120 }));
    const lines = priced(priceSession(tariff, session)).lines;
    expect(summary(lines)).toEqual([
      ['ENERGY', 0, 1000, 30],
      ['PARKING_TIME', 1, 1800, 250],
    ]);
  });
});
