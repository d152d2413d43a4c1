import { describe, expect, it } from 'vitest';
import { periodStarts } from './periods';

describe('periodStarts (Europe/Paris)', () => {
  it.each([
    {
      at: '2026-11-18T10:00:00Z', // Wednesday, winter time (UTC+1)
      day: '2026-11-17T23:00:00.000Z',
      week: '2026-11-15T23:00:00.000Z',
      month: '2026-10-31T23:00:00.000Z',
    },
    {
      at: '2026-11-01T23:30:00Z', // already Monday 2 November in Paris
      day: '2026-11-01T23:00:00.000Z',
      week: '2026-11-01T23:00:00.000Z',
      month: '2026-10-31T23:00:00.000Z',
    },
    {
      at: '2026-07-15T12:00:00Z', // summer time (UTC+2)
      day: '2026-07-14T22:00:00.000Z',
      week: '2026-07-12T22:00:00.000Z',
      month: '2026-06-30T22:00:00.000Z',
    },
    {
      at: '2026-10-25T12:00:00Z', // Sunday of the switch back: the week began in summer time
      day: '2026-10-24T22:00:00.000Z',
      week: '2026-10-18T22:00:00.000Z',
      month: '2026-09-30T22:00:00.000Z',
    },
  ])('$at', ({ at, day, week, month }) => {
    const p = periodStarts(new Date(at));
    expect({ day: p.day.toISOString(), week: p.week.toISOString(), month: p.month.toISOString() }).toEqual({
      day,
      week,
      month,
    });
  });
});
