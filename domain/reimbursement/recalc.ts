/**
 * @module What the monthly job and a recalculation do with one employee's month (issue 19 parts 5 and
 * 10, ADR 046 addendum), pure: record a new month only when there is energy to reimburse, and on a
 * recalculation leave settled months alone, keep an unchanged value (and its status), or replace the
 * figures of a changed one and send it back to its first status.
 */
import type { MonthResult } from './compute';
import { type ReimbursementStatus, SETTLED_STATUSES } from './statuses';

/**
 * A month is recorded only when it has at least one session or some meter energy: an employee with a
 * home station and nothing charged gets no zero-value statement to validate (ADR 046 addendum).
 */
export function worthRecording(result: Pick<MonthResult, 'sessions' | 'energyWh'>): boolean {
  return result.sessions > 0 || result.energyWh > 0;
}

/** The stored breakdown: one slice per tariff applied, and the notes (uncovered energy, missing readings). */
export function breakdownOf(result: Pick<MonthResult, 'slices' | 'notes'>): string {
  return JSON.stringify({ slices: result.slices, notes: result.notes });
}

export interface StoredMonth {
  status: ReimbursementStatus;
  value: number;
}

export type RecalcDecision =
  /** No reimbursement yet and energy to reimburse: insert it at its first status. */
  | { action: 'create'; status: ReimbursementStatus }
  /** No reimbursement yet and nothing charged: nothing to write. */
  | { action: 'none' }
  /** Money has left or is leaving (processed, paid, payment failed): never touched. */
  | { action: 'settled' }
  /** Same value: the row and its status stay as they are. */
  | { action: 'unchanged' }
  /** A new value: new figures, back to the first status, an event saying old → new. */
  | {
      action: 'change';
      from: number;
      to: number;
      fromStatus: ReimbursementStatus;
      status: ReimbursementStatus;
      note: string;
    };

/**
 * The recalculation of one employee's month. `stored` is the reimbursement as read (null when the job
 * wrote none), `result` the month computed again, `initial` the first status under the company's
 * variants (`initialStatus`). Only the value decides "changed": it is what the employee validates and
 * the manager approves.
 */
export function recalcDecision(
  stored: StoredMonth | null,
  result: Pick<MonthResult, 'sessions' | 'energyWh' | 'value'>,
  initial: ReimbursementStatus,
): RecalcDecision {
  if (!stored) return worthRecording(result) ? { action: 'create', status: initial } : { action: 'none' };
  if (SETTLED_STATUSES.includes(stored.status)) return { action: 'settled' };
  if (stored.value === result.value) return { action: 'unchanged' };
  return {
    action: 'change',
    from: stored.value,
    to: result.value,
    fromStatus: stored.status,
    status: initial,
    note: `recalculated: ${stored.value} → ${result.value}`,
  };
}
