/**
 * @module The rules of a wallet's inputs beyond their types (issue 18): the auto-recharge pair, a
 * manual adjustment, the currency a new wallet takes, and when a wallet may be deleted. Each failure
 * names the field and an API message key (i18n/messages.ts), so the caller answers it as it is.
 */

export interface InputProblem {
  field: string;
  key:
    | 'walletAutoRechargePair'
    | 'walletAutoRechargeAmount'
    | 'walletThresholdInvalid'
    | 'walletAdjustmentAmount'
    | 'walletAdjustmentReason'
    | 'walletCurrencyInvalid';
}

/** An adjustment's reason, trimmed: 3 to 500 characters (it is the ledger's only explanation). */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
/** The largest amount one adjustment or threshold may carry: 10,000,000.00 in a two-decimal currency. */
export const AMOUNT_MAX = 1_000_000_000;

/**
 * Auto-recharge is one setting of two numbers: a threshold (0 or more) and an amount (more than 0),
 * both set or both null (off). Undefined (absent from an update) means "unchanged" and is checked
 * against the stored value the caller passes as `current`.
 */
export function autoRechargeProblem(
  threshold: number | null | undefined,
  amount: number | null | undefined,
  current: { threshold: number | null; amount: number | null } = { threshold: null, amount: null },
): InputProblem | null {
  const t = threshold === undefined ? current.threshold : threshold;
  const a = amount === undefined ? current.amount : amount;
  if ((t === null) !== (a === null))
    return { field: t === null ? 'autoRechargeThreshold' : 'autoRechargeAmount', key: 'walletAutoRechargePair' };
  if (t !== null && (!Number.isSafeInteger(t) || t < 0 || t > AMOUNT_MAX))
    return { field: 'autoRechargeThreshold', key: 'walletThresholdInvalid' };
  if (a !== null && (!Number.isSafeInteger(a) || a <= 0 || a > AMOUNT_MAX))
    return { field: 'autoRechargeAmount', key: 'walletAutoRechargeAmount' };
  return null;
}

/** A manual adjustment: a signed, non-zero whole amount of minor units and a reason of 3 to 500 characters. */
export function adjustmentProblem(amount: number, reason: string): InputProblem | null {
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > AMOUNT_MAX)
    return { field: 'amount', key: 'walletAdjustmentAmount' };
  const text = reason.trim();
  if (text.length < REASON_MIN || text.length > REASON_MAX) return { field: 'reason', key: 'walletAdjustmentReason' };
  return null;
}

/** The ledger reference of an adjustment: the form's UUID, so a double submit writes one entry. */
export const adjustmentReference = (uuid: string) => `adjustment:${uuid.toLowerCase()}`;

/** The currency of a new wallet: the one given (upper-cased ISO 4217 code), else the company's. */
export function walletCurrency(given: string | null | undefined, companyCurrency: string): string {
  return (given?.trim() || companyCurrency).toUpperCase();
}

export const isCurrencyCode = (code: string) => /^[A-Z]{3}$/.test(code);

/**
 * Whether a wallet may be deleted: only at a balance of exactly 0, since a deleted wallet's money would
 * be lost (a credit) or never collected (a debt). A refund or an adjustment must bring it to 0 first.
 */
export function deletionAllowed(balance: number): boolean {
  return balance === 0;
}
