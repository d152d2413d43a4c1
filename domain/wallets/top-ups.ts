/**
 * @module Wallet top-ups through Stripe (issue 18 part 2): the pure decisions. What a top-up may be
 * (amount limits in the wallet's currency), what a Stripe event does to a top-up (credited once,
 * `paid` final, `expired`/`failed` only from `pending`, amounts checked against our row), and whether
 * a debit calls for an auto-recharge. The stores gather the facts and write what these answer.
 */
import { currencyDecimals } from '../billing/typed-amount';

/** 5.00 and 1,000.00 of the currency, in major units (minor units depend on the currency's decimals). */
export const TOP_UP_MIN_MAJOR = 5;
export const TOP_UP_MAX_MAJOR = 1000;

export interface TopUpLimits {
  min: number;
  max: number;
}

/** The limits of a top-up in minor units of `currency` (500–100000 for EUR, 5–1000 for JPY). */
export function topUpLimits(currency: string): TopUpLimits {
  const perMajor = 10 ** currencyDecimals(currency);
  return { min: TOP_UP_MIN_MAJOR * perMajor, max: TOP_UP_MAX_MAJOR * perMajor };
}

/** Null when `amount` (minor units) is a whole number within the limits; else the limits it breaks. */
export function topUpAmountProblem(amount: number, currency: string): TopUpLimits | null {
  const limits = topUpLimits(currency);
  if (!Number.isSafeInteger(amount) || amount < limits.min || amount > limits.max) return limits;
  return null;
}

/** The ledger reference of a top-up's credit: one per top-up and wallet, whatever the retries. */
export const topUpReference = (topUpId: number) => `top-up:${topUpId}`;

export type TopUpStatus = 'pending' | 'paid' | 'failed' | 'expired';

/** What a Stripe event says about a top-up, read from a Checkout session or a PaymentIntent. */
export interface TopUpReport {
  /** The status the event reports. */
  status: Exclude<TopUpStatus, 'pending'>;
  /** What Stripe took, in minor units, and its currency (lower case as Stripe writes it). */
  amount: number | null;
  currency: string | null;
  /** The Stripe object that carries the payment (checkout session `cs_…` or payment intent `pi_…`). */
  stripeObjectId: string;
  /** A failure's reason as Stripe gives it (decline message), if any. */
  failure?: string | null;
}

/** Our row, as the store read it. */
export interface TopUpFacts {
  id: number;
  walletId: number;
  amount: number;
  currency: string;
  status: TopUpStatus;
  /** The Stripe object our row names (set when the session or intent was created). */
  stripeObjectId: string | null;
}

export type TopUpDecision =
  /** Mark paid and append ONE `top_up` entry of `amount` with `reference` (a replay inserts nothing). */
  | { outcome: 'applied'; status: 'paid'; credit: { walletId: number; amount: number; reference: string } }
  | { outcome: 'applied'; status: 'failed' | 'expired'; failure: string | null }
  /** The row already holds a final state (paid never changes; failed/expired leave only for paid). */
  | { outcome: 'stale' }
  /** The event does not match our row: nothing credited, the top-up marked failed with the reason. */
  | { outcome: 'failed'; reason: string };

const major = (minor: number, currency: string) => {
  const places = currencyDecimals(currency);
  return `${(minor / 10 ** places).toFixed(places)} ${currency.toUpperCase()}`;
};

/**
 * The decision for a top-up event. `paid` wins over every other state (money was taken: it must be
 * credited, once); `expired` and `failed` only move a `pending` top-up. A paid report must name our
 * Stripe object and carry exactly our amount and currency, else nothing is credited.
 */
export function decideTopUp(report: TopUpReport, row: TopUpFacts): TopUpDecision {
  if (report.status !== 'paid') {
    if (row.status !== 'pending') return { outcome: 'stale' };
    return { outcome: 'applied', status: report.status, failure: report.failure ?? null };
  }
  if (row.status === 'paid') return { outcome: 'stale' };
  if (row.stripeObjectId !== null && row.stripeObjectId !== report.stripeObjectId)
    return {
      outcome: 'failed',
      reason: `Top-up ${row.id} belongs to ${row.stripeObjectId}, not ${report.stripeObjectId}`,
    };
  const sameCurrency = (report.currency ?? '').toLowerCase() === row.currency.toLowerCase();
  if (report.amount !== row.amount || !sameCurrency) {
    const paid = report.amount === null ? 'no amount' : major(report.amount, report.currency ?? row.currency);
    return {
      outcome: 'failed',
      reason: `Stripe reported ${paid} paid for top-up ${row.id} of ${major(row.amount, row.currency)}: not credited`,
    };
  }
  return {
    outcome: 'applied',
    status: 'paid',
    credit: { walletId: row.walletId, amount: row.amount, reference: topUpReference(row.id) },
  };
}

/** The facts of an auto-recharge check, read after a debit. */
export interface AutoRechargeFacts {
  balance: number;
  threshold: number | null;
  amount: number | null;
  currency: string;
  /** A user's wallet: that user's personal data `autoRechargeEnabled`; a company's wallet: true. */
  enabled: boolean;
  /** An auto top-up of this wallet not yet paid, failed or expired. */
  pendingAuto: boolean;
}

export type AutoRechargeDecision = { recharge: true; amount: number } | { recharge: false; reason: string };

/** Whether the balance calls for an auto top-up now: below the threshold, enabled, none pending. */
export function decideAutoRecharge(f: AutoRechargeFacts): AutoRechargeDecision {
  if (f.threshold === null || f.amount === null) return { recharge: false, reason: 'Auto-recharge is not set up' };
  if (!f.enabled) return { recharge: false, reason: 'Auto-recharge is turned off' };
  if (f.balance >= f.threshold) return { recharge: false, reason: 'The balance is not below the threshold' };
  if (f.pendingAuto) return { recharge: false, reason: 'An auto top-up is already pending' };
  if (topUpAmountProblem(f.amount, f.currency))
    return { recharge: false, reason: 'The recharge amount is out of range' };
  return { recharge: true, amount: f.amount };
}
