/**
 * @module A fleet user's consumption against its limits (spec 7.8): the usage rows of the user detail
 * and the near-limits list, and which share of a kWh limit counts as near. Pure: the API gathers the
 * sums, these decide what they mean.
 */

/** A user is near a limit from this share of it. */
export const NEAR_LIMIT_RATIO = 0.8;

export type LimitPeriod = 'daily' | 'weekly' | 'monthly';

/** The limits as the API shows them, in the company unit (kWh, or the currency in major units). */
export interface ShownLimits {
  unit: 'kwh' | 'currency';
  daily: number | null;
  weekly: number | null;
  monthly: number | null;
}

/** Priced sessions in minor units, and the energy of sessions not priced yet. */
export interface MoneyUse {
  minor: number;
  unpricedWh: number;
}

export interface PeriodUse {
  dayWh: number;
  weekWh: number;
  monthWh: number;
  money?: { day: MoneyUse; week: MoneyUse; month: MoneyUse };
}

export interface UsageRow {
  period: LimitPeriod;
  limit: number | null;
  used: number;
  unit: 'kwh' | 'currency';
  /** Used / limit, 0..1+; null without a limit. */
  ratio: number | null;
  /** Currency limits: energy (kWh) of the period's sessions not priced yet, not in `used` (ADR 028). */
  unpriced_kwh?: number;
}

/** One row per period: what was used against the limit, in the limit's unit. */
export function usageRows(limits: ShownLimits, used: PeriodUse): UsageRow[] {
  const rows = [
    ['daily', limits.daily, used.dayWh, used.money?.day],
    ['weekly', limits.weekly, used.weekWh, used.money?.week],
    ['monthly', limits.monthly, used.monthWh, used.money?.month],
  ] as const;
  return rows.map(([period, limit, wh, money]) => {
    const kwh = Math.round(wh) / 1000;
    if (limits.unit === 'currency') {
      // Priced sessions in the currency; energy not priced yet shown apart (the charger counts it at its tariff).
      const major = (money?.minor ?? 0) / 100;
      const unpricedKwh = Math.round(money?.unpricedWh ?? 0) / 1000;
      return {
        period,
        limit,
        used: major,
        unit: 'currency',
        ratio: limit ? major / limit : null,
        unpriced_kwh: unpricedKwh,
      };
    }
    return { period, limit, used: kwh, unit: 'kwh', ratio: limit ? kwh / limit : null };
  });
}

/** The largest share of a kWh limit used over the three periods (0 without limits). */
export function kwhLimitRatio(
  limits: { daily: number | null; weekly: number | null; monthly: number | null },
  used: PeriodUse,
): number {
  const ratio = (wh: number, limit: number | null) => (limit ? wh / 1000 / limit : 0);
  return Math.max(
    ratio(used.dayWh, limits.daily),
    ratio(used.weekWh, limits.weekly),
    ratio(used.monthWh, limits.monthly),
  );
}

/** The users near a kWh limit, the nearest first. */
export function nearLimits<T extends { ratio: number }>(candidates: readonly T[]): T[] {
  return candidates.filter((r) => r.ratio >= NEAR_LIMIT_RATIO).sort((a, b) => b.ratio - a.ratio);
}
