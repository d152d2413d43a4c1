/**
 * @module Limits reached during a session (ADR 020): the energy a user may still charge when a
 * transaction starts, and whether the meter has used it up. Pure; the ChargePoint object keeps the
 * budget with the open transaction and asks `limitReached` on each MeterValues.
 */
import type { CurvePoint } from '../ocpp/meter-values';
import type { Usage, UserFacts } from './decide';

/** Each limit with the user field holding it (kWh) and the usage field of its period (Wh). */
export const LIMITS = [
  ['daily', 'dailyLimit', 'dayWh'],
  ['weekly', 'weeklyLimit', 'weekWh'],
  ['monthly', 'monthlyLimit', 'monthWh'],
] as const;

export type LimitName = (typeof LIMITS)[number][0];

export interface EnergyBudget {
  /** Wh left before the tightest limit is reached (0 when one already is). */
  wh: number;
  /** The limit that leaves the least. */
  limit: LimitName;
  limitKwh: number;
  /** Energy of that limit's period already used when the transaction started. */
  usedWh: number;
}

/** The tightest of the user's limits (min over limits of limit − used in its period); null without limits. */
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

/** The newest active-import register reading among the points (Wh), or null when none carries one. */
export function latestRegisterWh(points: readonly CurvePoint[]): number | null {
  let latest: CurvePoint | null = null;
  for (const p of points) if (p.energyWh !== null && (!latest || p.at >= latest.at)) latest = p;
  return latest?.energyWh ?? null;
}

/** Whether the transaction's energy so far (register − meterStart) has reached the budget. */
export function limitReached(budget: EnergyBudget, meterStartWh: number, registerWh: number | null): boolean {
  if (registerWh === null) return false;
  return registerWh - meterStartWh >= budget.wh;
}

/** The sentence the customer-service log and the session remark carry. */
export function limitStopReason(budget: EnergyBudget, energyWh: number): string {
  const kwh = (wh: number) => Math.round(wh) / 1000;
  return (
    `Stopped by the back office: the ${budget.limit} limit of ${budget.limitKwh} kWh is reached ` +
    `(${kwh(budget.usedWh)} kWh used before this session, ${kwh(energyWh)} kWh in it).`
  );
}
