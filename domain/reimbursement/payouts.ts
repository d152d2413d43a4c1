/**
 * @module Paying approved reimbursements (issue 19 part 7, ADR 046): the employee's Stripe Connect
 * payout account status, whether a reimbursement may be paid through Stripe now (and what to create:
 * a transfer to the employee's account, then a payout to their bank), and what Stripe's events do to
 * a reimbursement (`payout.paid` → paid, `payout.failed` / `transfer.reversed` → payment failed).
 * Pure: the API gathers the rows and writes what these functions decide.
 */
import { canTransition, type ReimbursementStatus } from './statuses';

export type PayoutAccountStatus = 'none' | 'pending' | 'restricted' | 'done';

export interface PayoutAccountFacts {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

/**
 * none: no connected account yet; pending: the onboarding details are not submitted; restricted:
 * submitted but Stripe has not enabled payouts (more information due, or under review); done: payouts enabled.
 */
export function payoutAccountStatus(account: PayoutAccountFacts | null): PayoutAccountStatus {
  if (!account) return 'none';
  if (account.payoutsEnabled) return 'done';
  return account.detailsSubmitted ? 'restricted' : 'pending';
}

export interface PayableReimbursement {
  id: number;
  status: ReimbursementStatus;
  payoutMethod: 'stripe' | 'bank_transfer' | null;
  value: number;
  stripeTransferId: string | null;
  stripePayoutId: string | null;
}

export type PayoutRefusal =
  | { error: 'notAStripePayout' }
  | { error: 'transition'; from: ReimbursementStatus }
  | { error: 'accountNotReady' }
  | { error: 'nothingToPay' };

export type PayoutPlan = {
  /** The status the conditional update moves from (`processed` when only the payout is still to make). */
  from: ReimbursementStatus;
  /** The attempt number, in both idempotency keys: a retry after a failure is new, a double click is not. */
  attempt: number;
  /** Make a transfer first (none yet, or the last one was reversed); else reuse `stripeTransferId`. */
  transfer: boolean;
};

/**
 * Whether a manager's "pay" goes ahead, and what it creates. Allowed for a Stripe payout in
 * `validated_by_manager`, or `payment_failed` (a retry), once the employee's account has payouts
 * enabled; also in `processed` when the transfer went out but the payout was never created (the
 * worker died between them): the same attempt's keys make Stripe answer the same objects.
 * After a failed payout the transferred money is back on the employee's Stripe balance, so a retry
 * pays it out again without a second transfer; after a reversed transfer (no transfer id kept) it
 * transfers again.
 */
export function planPayout(
  r: PayableReimbursement,
  account: PayoutAccountFacts | null,
  failedAttempts: number,
): PayoutPlan | PayoutRefusal {
  if (r.payoutMethod !== 'stripe') return { error: 'notAStripePayout' };
  const resume = r.status === 'processed' && r.stripePayoutId === null;
  if (!resume && !canTransition(r.status, 'processed', 'manager')) return { error: 'transition', from: r.status };
  if (payoutAccountStatus(account) !== 'done') return { error: 'accountNotReady' };
  // Stripe moves at least one minor unit; a month worth nothing has nothing to pay out.
  if (r.value < 1) return { error: 'nothingToPay' };
  return { from: r.status, attempt: failedAttempts + 1, transfer: r.stripeTransferId === null };
}

/** The Stripe event kinds that concern a reimbursement (they carry `metadata.reimbursement_id`). */
export const REIMBURSEMENT_EVENT_TYPES = ['payout.paid', 'payout.failed', 'transfer.reversed'] as const;

/** The reimbursement an event's object names, or null. */
export function reimbursementIdOf(object: { metadata?: Record<string, string> | null }): number | null {
  const id = Number(object.metadata?.reimbursement_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export interface StripeObjectReport {
  type: string;
  created: number;
  /** The connected account the event came from (payouts), or null for the platform (transfers). */
  account: string | null;
  object: {
    id: string;
    destination?: string | null;
    failure_code?: string | null;
    failure_message?: string | null;
    arrival_date?: number | null;
    metadata?: Record<string, string> | null;
  };
}

export interface ReimbursementEventFacts {
  id: number;
  status: ReimbursementStatus;
  stripeTransferId: string | null;
  stripePayoutId: string | null;
  /** The employee's connected account. */
  stripeAccountId: string | null;
  /** The current payout attempt (failed attempts + 1), named in each payout's `metadata.attempt`. */
  attempt: number;
}

export type ReimbursementEventDecision =
  | { outcome: 'ignored'; reason: string }
  | {
      outcome: 'applied';
      from: ReimbursementStatus;
      to: 'paid' | 'payment_failed';
      note: string;
      paidAt: Date | null;
      failureReason: string | null;
      /** payout.paid before our row stored the payout's id (a fast webhook): set it now. */
      stripePayoutId: string | null;
      /** transfer.reversed: forget the transfer, so a retry transfers again. */
      clearTransfer: boolean;
    };

const FAILURE_TEXT: Record<string, string> = {
  account_closed: 'The bank account has been closed.',
  account_frozen: 'The bank account has been frozen.',
  bank_account_restricted: 'The bank account has restrictions on payouts.',
  could_not_process: 'The bank could not process this payout.',
  insufficient_funds: 'The Stripe balance is insufficient for this payout.',
  invalid_account_number: 'The bank account number is invalid.',
  no_account: 'The bank account details do not match an account.',
};

/**
 * What a payout or transfer event does to the reimbursement its metadata names (already read by the
 * store, or null). Exactly once: a replay is stopped by the event store; a second `payout.paid`
 * (another event id) finds the reimbursement paid and is ignored; an event about an older payout or
 * transfer than the reimbursement's current one is ignored too.
 */
export function decideReimbursementEvent(
  event: StripeObjectReport,
  r: ReimbursementEventFacts | null,
): ReimbursementEventDecision {
  if (!r) return { outcome: 'ignored', reason: 'Reimbursement unknown to us' };
  const o = event.object;
  if (event.type === 'payout.paid' || event.type === 'payout.failed') {
    // A payout is made on the employee's account: one from anywhere else is not this reimbursement's.
    if (!r.stripeAccountId || event.account !== r.stripeAccountId)
      return { outcome: 'ignored', reason: 'Payout from another account than the employee’s' };
    // Before the row stores the payout's id (a fast webhook), the payout of the current attempt is it.
    const current =
      r.stripePayoutId === o.id ||
      (r.stripePayoutId === null && r.status === 'processed' && o.metadata?.attempt === String(r.attempt));
    if (!current) return { outcome: 'ignored', reason: `Payout ${o.id} is not the reimbursement’s current payout` };
    if (r.status !== 'processed')
      return { outcome: 'ignored', reason: `Reimbursement already ${r.status.replace(/_/g, ' ')}` };
    if (event.type === 'payout.paid')
      return {
        outcome: 'applied',
        from: 'processed',
        to: 'paid',
        note: 'payout confirmed',
        paidAt: new Date((o.arrival_date ?? event.created) * 1000),
        failureReason: null,
        stripePayoutId: o.id,
        clearTransfer: false,
      };
    const reason =
      o.failure_message ?? (o.failure_code ? (FAILURE_TEXT[o.failure_code] ?? o.failure_code) : 'The payout failed.');
    return {
      outcome: 'applied',
      from: 'processed',
      to: 'payment_failed',
      note: `payout failed: ${reason}`,
      paidAt: null,
      failureReason: reason,
      stripePayoutId: o.id,
      clearTransfer: false,
    };
  }
  if (event.type === 'transfer.reversed') {
    if (event.account) return { outcome: 'ignored', reason: 'Transfers are made by the platform' };
    if (r.stripeTransferId !== o.id)
      return { outcome: 'ignored', reason: `Transfer ${o.id} is not the reimbursement’s current transfer` };
    if (r.status !== 'processed')
      return { outcome: 'ignored', reason: `Reimbursement already ${r.status.replace(/_/g, ' ')}` };
    const reason = 'The transfer to the employee’s Stripe account was reversed.';
    return {
      outcome: 'applied',
      from: 'processed',
      to: 'payment_failed',
      note: `transfer ${o.id} reversed`,
      paidAt: null,
      failureReason: reason,
      stripePayoutId: null,
      clearTransfer: true,
    };
  }
  return { outcome: 'ignored', reason: `Event type ${event.type} changes no reimbursement` };
}

export interface AccountEventFacts {
  stripeEventAt: number;
}

/** An `account.updated` for an employee's payout account: the flags, unless a newer event was applied. */
export function decidePayoutAccountEvent(
  event: { created: number; object: { details_submitted?: boolean | null; payouts_enabled?: boolean | null } },
  row: AccountEventFacts | null,
): { outcome: 'ignored'; reason: string } | { outcome: 'stale' } | { outcome: 'applied'; values: PayoutAccountFacts } {
  if (!row) return { outcome: 'ignored', reason: 'Payout account unknown to us' };
  if (row.stripeEventAt > event.created) return { outcome: 'stale' };
  return {
    outcome: 'applied',
    values: {
      detailsSubmitted: event.object.details_submitted === true,
      payoutsEnabled: event.object.payouts_enabled === true,
    },
  };
}
