/** @module Start instants (UTC) of the day, ISO week and month containing an instant, in a time zone. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of `at` in `timeZone`, as if they were UTC (so date arithmetic is plain). */
function wallClock(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The UTC instant of a local wall-clock time; re-checked once so DST changes land right. */
function fromWallClock(wall: number, timeZone: string): number {
  const guess = wall - (wallClock(wall, timeZone) - wall);
  return wall - (wallClock(guess, timeZone) - guess);
}

export interface PeriodStarts {
  day: Date;
  week: Date;
  month: Date;
}

/** Limits are counted per calendar day, ISO week (Monday) and month of the company's clock. */
export function periodStarts(at: Date, timeZone = 'Europe/Paris'): PeriodStarts {
  const wall = new Date(wallClock(at.getTime(), timeZone));
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth();
  const d = wall.getUTCDate();
  const sinceMonday = (wall.getUTCDay() + 6) % 7;
  return {
    day: new Date(fromWallClock(Date.UTC(y, m, d), timeZone)),
    week: new Date(fromWallClock(Date.UTC(y, m, d - sinceMonday), timeZone)),
    month: new Date(fromWallClock(Date.UTC(y, m, 1), timeZone)),
  };
}
