/**
 * The zone clock's offset table (one `Intl` read per day and a search over the day that changes)
 * against `Intl` itself read at every 15-minute bucket of whole years, in zones with unusual changes.
 */
import { describe, expect, it } from 'vitest';
import { ZoneClock } from './zone-clock';

const BUCKET_MS = 900_000;

/**
 * Offset of the zone at `utc` in ms, from `Intl`'s own offset name ("GMT+05:45", "GMT" for zero): a
 * different reading than the clock's (which compares the wall-clock fields with UTC).
 */
function intlOffset(format: Intl.DateTimeFormat, utc: number): number {
  const name = format.formatToParts(new Date(utc)).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!m) throw new Error(`unexpected offset name ${name}`);
  if (!m[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
}

const CASES: Array<[zone: string, year: number]> = [
  ['Europe/Paris', 2026],
  ['Europe/Paris', 1996], // the EU moved the autumn change from September to October that year
  ['America/New_York', 2026],
  ['Australia/Lord_Howe', 2026], // a 30-minute DST shift, in the southern summer
  ['America/St_Johns', 2026], // a half-hour zone
  ['Africa/Casablanca', 2026], // suspended around Ramadan: two changes a few weeks apart
  ['Asia/Kathmandu', 2026], // +05:45, no DST
  ['UTC', 2026],
];

describe('ZoneClock.offsetAt', () => {
  it.each(CASES)('%s %i: equals Intl at every quarter hour of the year, inside each bucket too', (zone, year) => {
    const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    const clock = new ZoneClock(zone);
    const from = Date.UTC(year, 0, 1) - 2 * BUCKET_MS;
    const to = Date.UTC(year + 1, 0, 1) + 2 * BUCKET_MS;
    const wrong: string[] = [];
    let changes = 0;
    let previous = Number.NaN;
    for (let t = from; t < to && wrong.length < 5; t += BUCKET_MS) {
      const expected = intlOffset(format, t);
      if (expected !== previous && !Number.isNaN(previous)) changes++;
      previous = expected;
      // The bucket's start, a moment inside it and its last millisecond.
      for (const at of [t, t + 7 * 60_000 + 13, t + BUCKET_MS - 1]) {
        const got = clock.offsetAt(at);
        if (got !== expected) wrong.push(`${new Date(at).toISOString()}: ${got} ≠ ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    // The cases were chosen for their changes: make sure the year really has them.
    if (zone === 'Asia/Kathmandu' || zone === 'UTC') expect(changes).toBe(0);
    else expect(changes).toBeGreaterThanOrEqual(2);
  });

  it('answers instants out of order and across blocks the same as in order', () => {
    const instants = [Date.UTC(2026, 9, 25, 0, 59), Date.UTC(2024, 2, 31, 1, 0), Date.UTC(2026, 9, 25, 1, 0)];
    const inOrder = new ZoneClock('Europe/Paris');
    const backwards = new ZoneClock('Europe/Paris');
    const forwards = instants.map((t) => inOrder.offsetAt(t));
    const reversed = [...instants].reverse().map((t) => backwards.offsetAt(t));
    expect(forwards).toEqual([7_200_000, 7_200_000, 3_600_000]);
    expect(reversed).toEqual([...forwards].reverse());
  });
});
