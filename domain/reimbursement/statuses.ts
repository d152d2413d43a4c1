/**
 * @module Reimbursement statuses (spec section 4, issue 19 part 6) and the only transitions allowed
 * between them, with who may make each. A month's reimbursement starts `pending_approval` (or
 * `validated_by_user` under the fleet rule set, where the employee step is skipped), the employee
 * validates it, a manager approves (`validated_by_manager`) or rejects it, the payout marks it
 * `processed`, and Stripe's confirmation (or the manager, for a bank transfer) marks it `paid`; a failed
 * payout is `payment_failed` and may be retried (back to `processed`).
 */

export const REIMBURSEMENT_STATUSES = [
  'pending_approval',
  'validated_by_user',
  'validated_by_manager',
  'processed',
  'rejected',
  'paid',
  'payment_failed',
] as const;
export type ReimbursementStatus = (typeof REIMBURSEMENT_STATUSES)[number];

/** employee: the reimbursed user; manager: a fleet manager of the company; system: the job, a payout or a webhook. */
export type ReimbursementActor = 'employee' | 'manager' | 'system';

const TRANSITIONS: Record<ReimbursementStatus, Partial<Record<ReimbursementStatus, readonly ReimbursementActor[]>>> = {
  pending_approval: { validated_by_user: ['employee'], rejected: ['manager'] },
  validated_by_user: { validated_by_manager: ['manager'], rejected: ['manager'] },
  validated_by_manager: { processed: ['manager', 'system'], rejected: ['manager'] },
  processed: { paid: ['manager', 'system'], payment_failed: ['system'] },
  payment_failed: { processed: ['manager', 'system'] },
  rejected: {},
  paid: {},
};

/** Whether `actor` may move a reimbursement from `from` to `to`. */
export function canTransition(from: ReimbursementStatus, to: ReimbursementStatus, actor: ReimbursementActor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses `actor` may move a reimbursement in `from` to (the screen's actions). */
export function nextStatuses(from: ReimbursementStatus, actor: ReimbursementActor): ReimbursementStatus[] {
  return (Object.entries(TRANSITIONS[from]) as [ReimbursementStatus, readonly ReimbursementActor[]][])
    .filter(([, actors]) => actors.includes(actor))
    .map(([to]) => to);
}

/** Money has left (or is leaving): a recalculation never touches these. */
export const SETTLED_STATUSES: readonly ReimbursementStatus[] = ['processed', 'paid', 'payment_failed'];

/** Approved by a manager or further along: the company's percentage fee is due on these. */
export const FEE_DUE_STATUSES: readonly ReimbursementStatus[] = [
  'validated_by_manager',
  'processed',
  'paid',
  'payment_failed',
];

export function isStatus(value: unknown): value is ReimbursementStatus {
  return typeof value === 'string' && (REIMBURSEMENT_STATUSES as readonly string[]).includes(value);
}
