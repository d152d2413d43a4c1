/**
 * @module Local wall-clock time of an IANA zone from `Intl.DateTimeFormat` (works in Workers and Node).
 * The UTC offset is constant per 15-minute bucket (read at the bucket's start): every zone in use
 * changes offset on a quarter hour. Offsets are kept per block of 32 days as the offset at the block's
 * start plus the instants it changes at, found with one `Intl` call per day and a binary search over
 * the buckets of a day that changes (at most one change per day, as in every zone's history).
 */

const DAY_MS = 86_400_000;
const BUCKET_MS = 900_000;
const BLOCK_DAYS = 32;
const BLOCK_MS = BLOCK_DAYS * DAY_MS;

/** The offsets of one block: `offset` from its start, then `after[i]` from `at[i]` on. */
interface Block {
  offset: number;
  at: number[];
  after: number[];
}

export const DEFAULT_TIME_ZONE = 'Europe/Paris';

export class ZoneClock {
  private readonly format: Intl.DateTimeFormat;
  private readonly blocks = new Map<number, Block>();
  private lastKey = Number.NaN;
  private last: Block = { offset: 0, at: [], after: [] };

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
    const key = Math.floor(utc / BLOCK_MS);
    let block = this.last;
    if (key !== this.lastKey) {
      block = this.blockOf(key);
      this.lastKey = key;
      this.last = block;
    }
    let offset = block.offset;
    for (let i = 0; i < block.at.length; i++) {
      if (utc < (block.at[i] as number)) break;
      offset = block.after[i] as number;
    }
    return offset;
  }

  private blockOf(key: number): Block {
    const cached = this.blocks.get(key);
    if (cached) return cached;
    const start = key * BLOCK_MS;
    const block: Block = { offset: this.computeOffset(start), at: [], after: [] };
    let before = block.offset;
    for (let day = 1; day <= BLOCK_DAYS; day++) {
      const dayStart = start + day * DAY_MS;
      const next = day === BLOCK_DAYS ? this.computeOffset(dayStart - BUCKET_MS) : this.computeOffset(dayStart);
      if (next !== before) {
        // The first bucket of the day before `dayStart` that shows the new offset.
        let lo = Math.floor((dayStart - DAY_MS) / BUCKET_MS);
        let hi = Math.floor(dayStart / BUCKET_MS) - (day === BLOCK_DAYS ? 1 : 0);
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if (this.computeOffset(mid * BUCKET_MS) === before) lo = mid;
          else hi = mid;
        }
        block.at.push(hi * BUCKET_MS);
        block.after.push(next);
        before = next;
      }
    }
    if (this.blocks.size > 10_000) this.blocks.clear();
    this.blocks.set(key, block);
    return block;
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
