/** @module The home reimbursement fee line of a monthly usage invoice (issue 19 part 8, ADR 046). */

import { feeOf } from '../reimbursement/variants';
import { FEE_TEXT, type ReimbursementFeeFacts, type UsageLine } from './usage-invoice.types';

/**
 * The home reimbursement fee (issue 19 part 8, ADR 046): one `fee` line of the company's percentage of
 * the reimbursements a manager approved (`FEE_DUE_STATUSES`) that no invoice billed yet, in the
 * invoice's currency, whatever month they are of and whatever the contract months: the fee is on
 * money the platform moved. Null when nothing is due (no percentage, no such reimbursement, or a fee
 * that rounds to 0: those reimbursements stay for the next invoice).
 */
export function reimbursementFeeLine(
  fee: ReimbursementFeeFacts,
  period: string,
  currency: string,
  periodStart: Date,
  periodEnd: Date,
): UsageLine | null {
  if (fee.basisPoints <= 0) return null;
  const due = fee.reimbursements.filter((r) => r.currency.toUpperCase() === currency).sort((a, b) => a.id - b.id);
  if (due.length === 0) return null;
  const amount = feeOf(
    due.reduce((t, r) => t + r.value, 0),
    fee.basisPoints,
  );
  if (amount <= 0) return null;
  return {
    kind: 'fee',
    fee: 'home_reimbursement',
    reimbursementIds: due.map((r) => r.id),
    description: `${FEE_TEXT.home_reimbursement} ${period}: ${due.length} reimbursement${due.length === 1 ? '' : 's'}`,
    quantity: 1,
    unitAmount: amount,
    amount,
    currency,
    periodStart,
    periodEnd,
  };
}
