/** @module The KPI page's period, read from and written to the URL. */

export type View = 'year' | 'month' | 'day';
export interface Period {
  view: View;
  year: number;
  month: number;
  day: number;
}

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

export const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Today in the company's zone is the default; out-of-range parts fall back to it. */
export function readPeriod(url: URL, today: { year: number; month: number; day: number }): Period {
  const p = url.searchParams;
  const view = (['year', 'month', 'day'] as const).find((v) => v === p.get('view')) ?? 'month';
  const int = (key: string, min: number, max: number, fallback: number) => {
    const n = Number(p.get(key));
    return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  const year = int('year', MIN_YEAR, MAX_YEAR, today.year);
  const month = int('month', 1, 12, today.month);
  const day = Math.min(int('day', 1, 31, today.day), daysIn(year, month));
  return { view, year, month, day };
}

export function periodSearch(p: Period): string {
  const params = new URLSearchParams({ view: p.view, year: String(p.year) });
  if (p.view !== 'year') params.set('month', String(p.month));
  if (p.view === 'day') params.set('day', String(p.day));
  return `?${params}`;
}

/** The period before or after, keeping the view. */
export function shift(p: Period, by: -1 | 1): Period {
  if (p.view === 'year') return { ...p, year: p.year + by };
  if (p.view === 'month') {
    const m = p.month + by;
    const next =
      m < 1 ? { year: p.year - 1, month: 12 } : m > 12 ? { year: p.year + 1, month: 1 } : { year: p.year, month: m };
    return { ...p, ...next, day: Math.min(p.day, daysIn(next.year, next.month)) };
  }
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + by));
  return { ...p, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, part) => {
      acc[part.type] = part.value;
      return acc;
    }, {});
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}
