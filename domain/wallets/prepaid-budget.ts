/**
 * @module The money a running session paid by a prepaid wallet may spend (issue 18 part 3, "stop at
 * zero"): the wallet's balance minus what its sessions in progress have committed, as a money budget
 * of ADR 028, so the ChargePoint object stops the session (one RemoteStopTransaction, claim before
 * reply, refreshed every five minutes) when its price so far reaches it. Pure.
 */
import type { Budget, MoneyBudget } from '../charging-authorization/limits';
import type { Tariff } from '../pricing/types';
import { spendable, type WalletStanding } from './minimum';

/** The wallet's budget under the tariff that will price the session; none where no tariff applies (free). */
export function prepaidBudget(
  w: WalletStanding,
  pricing: { tariff: Tariff; timeZone: string } | null,
): MoneyBudget | null {
  if (!pricing) return null;
  return {
    unit: 'currency',
    leftMinor: spendable(w),
    limit: 'prepaid',
    limitMinor: w.balanceMinor,
    usedMinor: w.committedMinor,
    currency: w.currency,
    tariff: pricing.tariff,
    timeZone: pricing.timeZone,
  };
}

/**
 * One budget for the transaction: a currency limit and the wallet are in the same money under the same
 * tariff, so the tighter one is kept; a kWh limit carries the wallet's budget in `also` (both checked).
 */
export function withPrepaid(limit: Budget | null, prepaid: MoneyBudget | null): Budget | null {
  if (!prepaid) return limit;
  if (!limit) return prepaid;
  if (limit.unit === 'currency') return prepaid.leftMinor < limit.leftMinor ? prepaid : limit;
  return { ...limit, also: prepaid };
}
