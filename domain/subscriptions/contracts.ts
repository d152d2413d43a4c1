/** @module Subscription contracts (spec 2 7.8): a term's end, the status a holder reads, who may change one. */

export type ContractStatus = 'active' | 'expired' | 'cancelled';

/** The term's end: `months` calendar months after `from` (clamped to the month's last day). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The status a holder reads: `active` past its end date reads `expired`. */
export function effectiveStatus(status: ContractStatus, expiresAt: Date, now: number): ContractStatus {
  return status === 'active' && expiresAt.getTime() <= now ? 'expired' : status;
}

/**
 * Buying and the autorenew switch are refused to a request a browser marks as sent by another site,
 * a sibling host included (`Sec-Fetch-Site: cross-site` or `same-site`; ADR 024 and its addendum).
 */
export function refusedFetchSite(secFetchSite: string | undefined): boolean {
  return secFetchSite === 'cross-site' || secFetchSite === 'same-site';
}

/** The autorenew path segment: `true`/`1` switch renewal on, `false`/`0` off. */
export function autorenewOn(value: 'true' | 'false' | '1' | '0'): boolean {
  return value === 'true' || value === '1';
}

export type BuyRefusal = 'userDeleted' | 'contractNotFound' | 'contractAlreadyActive';

/**
 * Whether a contract may be bought for the user now, or the first reason why not: a deleted user,
 * a contract that is unknown, out of scope or withdrawn, or one of this kind still running. A free
 * contract is then activated at once; a paid one through the card payment provider (issue 17).
 */
export function buyRefusal(facts: {
  userDeleted: boolean;
  contract: { active: boolean; priceMinor: number } | null | undefined;
  alreadyRunning: boolean;
}): BuyRefusal | null {
  if (facts.userDeleted) return 'userDeleted';
  if (!facts.contract?.active) return 'contractNotFound';
  if (facts.alreadyRunning) return 'contractAlreadyActive';
  return null;
}
