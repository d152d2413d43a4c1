/**
 * @module Local wall-clock time of an IANA zone from `Intl.DateTimeFormat` (works in Workers and Node),
 * with the UTC offset cached per 15-minute bucket: every zone in use changes offset on a quarter hour.
 */

const DAY_MS = 86_400_000;
const BUCKET_MS = 900_000;

export const DEFAULT_TIME_ZONE = 'Europe/Paris';

export class ZoneClock {
  private readonly format: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();

  /** Throws RangeError for an unknown zone. */
  constructor(readonly timeZone: string = DEFAULT_TIME_ZONE) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Offset of local time from UTC at `utc`, in ms (e.g. 3,600,000 for CET). */
  offsetAt(utc: number): number {
    const bucket = Math.floor(utc / BUCKET_MS);
    let offset = this.offsets.get(bucket);
    if (offset === undefined) {
      offset = this.computeOffset(bucket * BUCKET_MS);
      if (this.offsets.size > 100_000) this.offsets.clear();
      this.offsets.set(bucket, offset);
    }
    return offset;
  }

  /** The local wall-clock time at `utc`, expressed as if it were a UTC instant. */
  wall(utc: number): number {
    return utc + this.offsetAt(utc);
  }

  /**
   * The UTC instants at which the wall clock shows `wall`: one normally, two in the autumn overlap, none
   * in the spring gap (then the instant before the gap, shifted by the old offset, is returned; callers
   * also split at the transition itself, see `transitionsBetween`).
   */
  utcOf(wall: number): number[] {
    const before = this.offsetAt(wall - 14 * 3_600_000);
    const after = this.offsetAt(wall + 14 * 3_600_000);
    const found: number[] = [];
    for (const offset of before === after ? [before] : [before, after]) {
      const candidate = wall - offset;
      if (this.offsetAt(candidate) === offset) found.push(candidate);
    }
    return found.length > 0 ? found : [wall - before];
  }

  /** The earliest UTC instant showing `wall` (the first of an autumn overlap; see `utcOf` for the spring gap). */
  earliestUtcOf(wall: number): number {
    return Math.min(...this.utcOf(wall));
  }

  /** Instants in [from, to) at which the offset changes (DST transitions). */
  transitionsBetween(from: number, to: number): number[] {
    const found: number[] = [];
    for (let day = from; day < to; day += DAY_MS) {
      const end = Math.min(day + DAY_MS, to);
      if (this.offsetAt(day) === this.offsetAt(end - 1)) continue;
      let lo = Math.floor(day / BUCKET_MS);
      let hi = Math.floor((end - 1) / BUCKET_MS);
      const first = this.offsetAt(lo * BUCKET_MS);
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (this.offsetAt(mid * BUCKET_MS) === first) lo = mid;
        else hi = mid;
      }
      found.push(hi * BUCKET_MS);
    }
    return found;
  }

  private computeOffset(utc: number): number {
    const parts: Record<string, number> = {};
    for (const part of this.format.formatToParts(new Date(utc))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const wall = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return wall - utc;
  }
}

const clocks = new Map<string, ZoneClock>();

/** One shared clock (and offset cache) per zone. */
export function zoneClock(timeZone: string = DEFAULT_TIME_ZONE): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** Calendar facts of a wall-clock instant. */
export function dayIndex(wall: number): number {
  return Math.floor(wall / DAY_MS);
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOfDay(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export function minuteOfDay(wall: number): number {
  return Math.floor((wall - dayIndex(wall) * DAY_MS) / 60_000);
}

/** "2026-03-29" → its day index (days since 1970-01-01). */
export function dayOfDate(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.floor(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS);
}

export { DAY_MS };
