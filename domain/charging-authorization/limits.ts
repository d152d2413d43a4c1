/**
 * @module Limits reached during a session (ADR 020, ADR 028): what a user may still use when a
 * transaction starts, and whether the meter has used it up. Pure; the ChargePoint object keeps the
 * budget with the open transaction and asks `limitReached` on each MeterValues.
 */
import type { CurvePoint } from '../ocpp/meter-values';
import type { Tariff } from '../pricing/types';
import { formatMoney, priceSoFar } from './currency';
import type { Usage, UserFacts } from './decide';

/** Each limit with the user field holding it (kWh) and the usage field of its period (Wh). */
export const LIMITS = [
  ['daily', 'dailyLimit', 'dayWh'],
  ['weekly', 'weeklyLimit', 'weekWh'],
  ['monthly', 'monthlyLimit', 'monthWh'],
] as const;

/** Each currency limit with its field in `UserFacts.currencyLimits` and in `Usage.money` (minor units). */
export const CURRENCY_LIMITS = [
  ['daily', 'daily', 'day'],
  ['weekly', 'weekly', 'week'],
  ['monthly', 'monthly', 'month'],
] as const;

export type LimitName = (typeof LIMITS)[number][0];

/** A kWh limit (budgets stored before currency limits existed have no `unit`). */
export interface EnergyBudget {
  unit?: 'kwh';
  /** Wh left before the tightest limit is reached (0 when one already is). */
  wh: number;
  /** The limit that leaves the least. */
  limit: LimitName;
  limitKwh: number;
  /** Energy of that limit's period already used when the transaction started (or at the last refresh). */
  usedWh: number;
  /** Set by a refresh (ADR 028): the register the budget is counted from, instead of meter start. */
  baseWh?: number;
  /** When the object should recompute the budget from D1 (epoch ms); absent: never (older budgets). */
  refreshAt?: number;
  /** A driver with kWh limits whose prepaid wallet pays (issue 18): the wallet's money, checked too. */
  also?: MoneyBudget;
}

/** A currency limit: the money left, and the tariff that will price the session to measure it. */
export interface MoneyBudget {
  unit: 'currency';
  /** Minor units left before the tightest limit is reached (0 when one already is). */
  leftMinor: number;
  /** 'prepaid': the paying wallet's balance (issue 18), `limitMinor` the balance, `usedMinor` what its
   * other sessions in progress had committed (at the reference rate). */
  limit: LimitName | 'prepaid';
  limitMinor: number;
  /** Money of that limit's period already used when the transaction started. */
  usedMinor: number;
  currency: string;
  /** The EMSP tariff that will price this session (engine form), and the station's zone. */
  tariff: Tariff;
  timeZone: string;
  /** Set by a refresh: the register and the price so far the budget is counted from. */
  baseWh?: number;
  baseMinor?: number;
  refreshAt?: number;
}

export type Budget = EnergyBudget | MoneyBudget;

/** The tightest of the user's kWh limits (min over limits of limit − used in its period); null without limits. */
export function energyBudget(user: UserFacts, usage: Usage): EnergyBudget | null {
  let best: EnergyBudget | null = null;
  for (const [name, limitKey, usageKey] of LIMITS) {
    const limitKwh = user[limitKey];
    if (!limitKwh || limitKwh <= 0) continue;
    const usedWh = usage[usageKey];
    const wh = Math.max(0, limitKwh * 1000 - usedWh);
    if (!best || wh < best.wh) best = { wh, limit: name, limitKwh, usedWh };
  }
  return best;
}

/**
 * The tightest of the user's currency limits; null without currency limits, or when no tariff will
 * price the session (it then costs nothing, so it cannot spend the money).
 */
export function moneyBudget(
  user: UserFacts,
  usage: Usage,
  pricing: { tariff: Tariff; timeZone: string } | null,
): MoneyBudget | null {
  if (!pricing || !user.currencyLimits || !usage.money) return null;
  let best: MoneyBudget | null = null;
  for (const [name, limitKey, usageKey] of CURRENCY_LIMITS) {
    const limitMinor = user.currencyLimits[limitKey];
    if (!limitMinor || limitMinor <= 0) continue;
    const usedMinor = usage.money[usageKey];
    const leftMinor = Math.max(0, limitMinor - usedMinor);
    if (!best || leftMinor < best.leftMinor) {
      best = {
        unit: 'currency',
        leftMinor,
        limit: name,
        limitMinor,
        usedMinor,
        currency: user.currency,
        tariff: pricing.tariff,
        timeZone: pricing.timeZone,
      };
    }
  }
  return best;
}

/** The newest active-import register reading among the points, or null when none carries one. */
export function latestReading(points: readonly CurvePoint[]): { at: number; wh: number } | null {
  let latest: CurvePoint | null = null;
  for (const p of points) if (p.energyWh !== null && (!latest || p.at >= latest.at)) latest = p;
  return latest?.energyWh != null ? { at: latest.at, wh: latest.energyWh } : null;
}

/** The newest active-import register reading among the points (Wh), or null when none carries one. */
export function latestRegisterWh(points: readonly CurvePoint[]): number | null {
  return latestReading(points)?.wh ?? null;
}

/** What the session has used of the budget so far: Wh for kWh budgets, minor units for money budgets. */
export function budgetUse(
  budget: Budget,
  tx: { meterStartWh: number; startedAt: number },
  reading: { at: number; wh: number },
): number {
  if (budget.unit === 'currency') {
    const price = priceSoFar(budget.tariff, budget.timeZone, tx.startedAt, tx.meterStartWh, reading.at, reading.wh);
    return price === null ? Number.NEGATIVE_INFINITY : price - (budget.baseMinor ?? 0);
  }
  return reading.wh - (budget.baseWh ?? tx.meterStartWh);
}

/** How long a budget holds before the object recomputes it from D1 (other sessions of the driver). */
export const BUDGET_REFRESH_MS = 5 * 60_000;

/**
 * When a budget made at `now` must be recomputed: after BUDGET_REFRESH_MS, or at the next start
 * of a day of the company clock (`nextDayStart`) if sooner, so energy after midnight counts against
 * the new day (weeks and months start on a day start too).
 */
export function refreshTime(now: number, nextDayStart: number): number {
  return Math.min(now + BUDGET_REFRESH_MS, nextDayStart);
}

/**
 * A budget recomputed in the middle of a session, counted from the current reading: the decision's
 * usage already includes this session's energy so far (written to D1 just before) when it started in
 * the period, and leaves it out when it started in an earlier one.
 */
export function rebase(
  budget: Budget,
  tx: { meterStartWh: number; startedAt: number },
  reading: { at: number; wh: number },
  refreshAt: number,
): Budget {
  if (budget.unit === 'currency') {
    const price = priceSoFar(budget.tariff, budget.timeZone, tx.startedAt, tx.meterStartWh, reading.at, reading.wh);
    return { ...budget, baseWh: reading.wh, baseMinor: price ?? 0, refreshAt };
  }
  const also = budget.also ? (rebase(budget.also, tx, reading, refreshAt) as MoneyBudget) : undefined;
  return { ...budget, baseWh: reading.wh, refreshAt, ...(also ? { also } : {}) };
}

/** Whether the transaction has used up the budget (register − meterStart, or its price so far). */
export function limitReached(
  budget: Budget,
  meterStartWh: number,
  reading: number | { at: number; wh: number } | null,
  startedAt = 0,
): boolean {
  if (reading === null) return false;
  const r = typeof reading === 'number' ? { at: startedAt, wh: reading } : reading;
  const used = budgetUse(budget, { meterStartWh, startedAt }, r);
  return budget.unit === 'currency' ? used >= budget.leftMinor : used >= budget.wh;
}

/** How every limit-stop sentence begins: pricing at close recognises a session the back office stopped. */
export const LIMIT_STOP_PREFIX = 'Stopped by the back office: ';

/** Whether a session's remark says the back office stopped it for a limit or the prepaid balance. */
export function stoppedForLimit(remark: string | null | undefined): boolean {
  return remark?.includes(LIMIT_STOP_PREFIX) ?? false;
}

/** The sentence the customer-service log and the session remark carry. */
export function limitStopReason(budget: Budget, energyWh: number, spentMinor?: number | null): string {
  const kwh = (wh: number) => Math.round(wh) / 1000;
  if (budget.unit === 'currency' && budget.limit === 'prepaid') {
    const money = (m: number) => formatMoney(m, budget.currency);
    const spent = spentMinor != null && Number.isFinite(spentMinor) ? `${money(spentMinor)} and ` : '';
    const when = budget.baseWh !== undefined ? 'at the last check' : 'before this session';
    return (
      `${LIMIT_STOP_PREFIX}the prepaid balance is used up (${money(budget.limitMinor)} balance, ` +
      `${money(budget.usedMinor)} committed by sessions in progress ${when}; ${spent}${kwh(energyWh)} kWh in this session).`
    );
  }
  if (budget.unit === 'currency') {
    const spent =
      spentMinor != null && Number.isFinite(spentMinor) ? `, ${formatMoney(spentMinor, budget.currency)}` : '';
    const limit = `the ${budget.limit} limit of ${formatMoney(budget.limitMinor, budget.currency)}`;
    if (budget.baseWh !== undefined) {
      return (
        `${LIMIT_STOP_PREFIX}${limit} is reached (${formatMoney(budget.usedMinor, budget.currency)} used in ` +
        `the period at the last check${spent} since; ${kwh(energyWh)} kWh in this session in all).`
      );
    }
    return (
      `${LIMIT_STOP_PREFIX}${limit} is reached ` +
      `(${formatMoney(budget.usedMinor, budget.currency)} used before this session, ${kwh(energyWh)} kWh${spent} in it).`
    );
  }
  if (budget.baseWh !== undefined) {
    return (
      `${LIMIT_STOP_PREFIX}the ${budget.limit} limit of ${budget.limitKwh} kWh is reached ` +
      `(${kwh(budget.usedWh)} kWh used in the period at the last check, ${kwh(energyWh)} kWh in this session in all).`
    );
  }
  return (
    `${LIMIT_STOP_PREFIX}the ${budget.limit} limit of ${budget.limitKwh} kWh is reached ` +
    `(${kwh(budget.usedWh)} kWh used before this session, ${kwh(energyWh)} kWh in it).`
  );
}
