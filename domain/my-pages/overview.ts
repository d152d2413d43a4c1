/**
 * @module A private user's year at a glance (spec 7.10 GET /my-data/{userId}/my-overview?year): sessions,
 * energy, spend per currency (the driver's price: the provider perspective, `emp_price_total`), the
 * average per session and one bucket per month, counted by the session's start in the company's time
 * zone (Europe/Paris by default, as every time the screens show). Unpriced sessions count for sessions
 * and energy but never as a zero spend: they are counted apart.
 */
import { DEFAULT_TIME_ZONE, zoneClock } from '../time/zone-clock';

export interface OverviewSession {
  /** Epoch ms of the start. */
  startAt: number;
  energyWh: number | null;
  currency: string;
  /** Minor units, the provider's (driver's) total; only read when `priced`. */
  empTotal: number | null;
  priced: boolean;
}

export interface Spend {
  currency: string;
  /** Minor units. */
  amount: number;
  /** Priced sessions in this currency. */
  sessions: number;
  /** Minor units per priced session, rounded. */
  average: number;
}

export interface MonthTotals {
  /** 1–12. */
  month: number;
  sessions: number;
  energyWh: number;
  spend: { currency: string; amount: number }[];
}

export interface YearOverview {
  year: number;
  sessions: number;
  energyWh: number;
  /** Wh per session, rounded; 0 without sessions. */
  averageEnergyWh: number;
  unpricedSessions: number;
  spend: Spend[];
  months: MonthTotals[];
}

/** The local year and month (1–12) of an instant in the zone. */
export function localMonth(utc: number, timeZone = DEFAULT_TIME_ZONE): { year: number; month: number } {
  const local = new Date(utc + zoneClock(timeZone).offsetAt(utc));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}

function addSpend(list: { currency: string; amount: number }[], currency: string, amount: number) {
  const found = list.find((s) => s.currency === currency);
  if (found) found.amount += amount;
  else list.push({ currency, amount });
}

/** The totals of the sessions that started in `year` (local time); sessions of other years are skipped. */
export function yearOverview(
  sessions: readonly OverviewSession[],
  year: number,
  timeZone = DEFAULT_TIME_ZONE,
): YearOverview {
  const months: MonthTotals[] = Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    sessions: 0,
    energyWh: 0,
    spend: [],
  }));
  const spend = new Map<string, { amount: number; sessions: number }>();
  let count = 0;
  let energyWh = 0;
  let unpriced = 0;
  for (const s of sessions) {
    const at = localMonth(s.startAt, timeZone);
    if (at.year !== year) continue;
    const month = months[at.month - 1] as MonthTotals;
    const wh = s.energyWh ?? 0;
    count++;
    energyWh += wh;
    month.sessions++;
    month.energyWh += wh;
    if (!s.priced || s.empTotal === null) {
      unpriced++;
      continue;
    }
    const sum = spend.get(s.currency) ?? { amount: 0, sessions: 0 };
    sum.amount += s.empTotal;
    sum.sessions++;
    spend.set(s.currency, sum);
    addSpend(month.spend, s.currency, s.empTotal);
  }
  return {
    year,
    sessions: count,
    energyWh,
    averageEnergyWh: count ? Math.round(energyWh / count) : 0,
    unpricedSessions: unpriced,
    spend: [...spend.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, s]) => ({
        currency,
        amount: s.amount,
        sessions: s.sessions,
        average: Math.round(s.amount / s.sessions),
      })),
    months,
  };
}

/** The instants a local calendar year starts and ends (exclusive) in the zone. */
export function yearBounds(year: number, timeZone = DEFAULT_TIME_ZONE): { from: Date; to: Date } {
  const clock = zoneClock(timeZone);
  const at = (y: number) => {
    const wall = Date.UTC(y, 0, 1);
    return new Date(wall - clock.offsetAt(wall));
  };
  return { from: at(year), to: at(year + 1) };
}
