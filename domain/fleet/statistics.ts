/**
 * @module A fleet user's consumption (kWh) or session count per month of a year, or per year of the
 * five years to it (spec 7.8 `users/{userId}/{target}/{type}/{year}`), in periods of the company clock.
 */

export type StatsTarget = 'consumption' | 'sessions';
export type StatsType = 'month' | 'year';

/** Sessions whose start lies in this window may fall in a period: the years widened by 14 hours each side (any time zone). */
export function statsWindow(type: StatsType, year: number): { from: Date; to: Date } {
  const firstYear = type === 'month' ? year : year - 4;
  return {
    from: new Date(Date.UTC(firstYear, 0, 1) - 14 * 3600_000),
    to: new Date(Date.UTC(year + 1, 0, 1) + 14 * 3600_000),
  };
}

/** Each period's value, the session's start read in `timeZone`; sessions outside the periods are left out. */
export function statsBuckets(
  sessions: readonly { start: Date; wh: number | null }[],
  q: { target: StatsTarget; type: StatsType; year: number; timeZone: string },
): { period: string; value: number }[] {
  const { target, type, year } = q;
  const firstYear = type === 'month' ? year : year - 4;
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: q.timeZone, year: 'numeric', month: '2-digit' });
  const keys =
    type === 'month'
      ? Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)
      : Array.from({ length: 5 }, (_, i) => String(firstYear + i));
  const buckets = new Map<string, number>(keys.map((k) => [k, 0]));
  for (const s of sessions) {
    const parts = fmt.formatToParts(s.start);
    const y = parts.find((p) => p.type === 'year')?.value ?? '';
    const m = parts.find((p) => p.type === 'month')?.value ?? '';
    const key = type === 'month' ? `${y}-${m}` : y;
    const value = buckets.get(key);
    if (value === undefined) continue;
    buckets.set(key, value + (target === 'sessions' ? 1 : (s.wh ?? 0) / 1000));
  }
  return keys.map((period) => ({ period, value: Math.round((buckets.get(period) ?? 0) * 1000) / 1000 }));
}
