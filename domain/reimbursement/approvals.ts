/**
 * @module Who may change a reimbursement and what a change writes (issue 19 part 6), pure: the caller's
 * actor for one reimbursement, a status change decided against `statuses.ts` (the reject note, the
 * employee's extra expense capped by the company's limit, marking paid only for a bank transfer), and
 * the per-id outcome of a bulk approve or reject.
 */
import { canTransition, nextStatuses, type ReimbursementActor, type ReimbursementStatus } from './statuses';

export interface Caller {
  userId: number;
  /** `fleet:home-reimbursement`: sees the reimbursements of the scope. */
  canView: boolean;
  /** `fleet:home-reimbursement:manage`: approves, rejects, marks processed and paid. */
  canManage: boolean;
}

/**
 * The caller's actor on a reimbursement of `ownerId` (already known to be in the caller's scope), or
 * null when they may not change it at all (a viewer, or an employee on another's). A manager on their
 * OWN reimbursement is only its employee: nobody approves their own money.
 */
export function actorFor(caller: Caller, ownerId: number): Exclude<ReimbursementActor, 'system'> | null {
  if (caller.userId === ownerId) return 'employee';
  return caller.canManage ? 'manager' : null;
}

/** Whether the caller may read a reimbursement of `ownerId` in their scope: their own, or as a manager. */
export function canSee(caller: Caller, ownerId: number): boolean {
  return caller.userId === ownerId || caller.canView;
}

export interface ReimbursementFacts {
  status: ReimbursementStatus;
  energyAmount: number;
  extraExpense: number;
  extraExpenseNote: string | null;
  payoutMethod: 'stripe' | 'bank_transfer' | null;
}

export interface ExtraExpensePolicy {
  enabled: boolean;
  /** Minor units; null: no cap. */
  limit: number | null;
}

/** The statuses a manager moves by hand: Stripe payouts are processed and paid by the payout code. */
function handMove(to: ReimbursementStatus, payoutMethod: ReimbursementFacts['payoutMethod']): boolean {
  if (to === 'paid') return payoutMethod === 'bank_transfer';
  if (to === 'processed') return payoutMethod !== 'stripe';
  return true;
}

/** The actions the caller may take now (the screen's buttons). */
export function actionsFor(
  actor: Exclude<ReimbursementActor, 'system'> | null,
  r: Pick<ReimbursementFacts, 'status' | 'payoutMethod'>,
): ReimbursementStatus[] {
  if (!actor) return [];
  return nextStatuses(r.status, actor).filter((to) => actor !== 'manager' || handMove(to, r.payoutMethod));
}

/** The employee's declared extra expense, capped by the company's limit (minor units, never negative). */
export function capExtraExpense(declared: number, policy: ExtraExpensePolicy): number {
  const amount = Math.max(0, Math.round(declared));
  return policy.limit === null ? amount : Math.min(amount, Math.max(0, policy.limit));
}

export interface ChangeRequest {
  to: ReimbursementStatus;
  note?: string | null;
  extraExpense?: number;
  extraExpenseNote?: string | null;
}

export type ChangeRefusal =
  /** Not a move this actor may make from this status (409, with from and to). */
  | { refused: 'transition'; from: ReimbursementStatus; to: ReimbursementStatus }
  /** A rejection without its reason (400 on note). */
  | { refused: 'note_required' }
  /** An extra expense outside the employee's validation, or the company does not reimburse them (400). */
  | { refused: 'extra_expense_not_allowed' };

export interface ChangeWrite {
  from: ReimbursementStatus;
  to: ReimbursementStatus;
  extraExpense: number;
  extraExpenseNote: string | null;
  /** energyAmount + extraExpense. */
  value: number;
  note: string | null;
}

/** Decides one status change by `actor`; the write is conditional on the status still being `from`. */
export function decideChange(
  actor: Exclude<ReimbursementActor, 'system'> | null,
  r: ReimbursementFacts,
  req: ChangeRequest,
  policy: ExtraExpensePolicy,
): ChangeRefusal | ChangeWrite {
  const from = r.status;
  const { to } = req;
  if (!actor || !canTransition(from, to, actor) || (actor === 'manager' && !handMove(to, r.payoutMethod)))
    return { refused: 'transition', from, to };
  const note = req.note?.trim() || null;
  if (to === 'rejected' && !note) return { refused: 'note_required' };
  let extraExpense = r.extraExpense;
  let extraExpenseNote = r.extraExpenseNote;
  const validating = actor === 'employee' && from === 'pending_approval' && to === 'validated_by_user';
  // A zero amount without a note declares nothing: a form may always send the field.
  const declares = (req.extraExpense ?? 0) > 0 || Boolean(req.extraExpenseNote?.trim());
  if (validating && policy.enabled) {
    if (req.extraExpense !== undefined) extraExpense = capExtraExpense(req.extraExpense, policy);
    if (req.extraExpenseNote !== undefined) extraExpenseNote = req.extraExpenseNote?.trim() || null;
  } else if (declares) return { refused: 'extra_expense_not_allowed' };
  return { from, to, extraExpense, extraExpenseNote, value: r.energyAmount + extraExpense, note };
}

export const BULK_MAX = 200;
const NO_EXTRA: ExtraExpensePolicy = { enabled: false, limit: 0 };
export type BulkStatus = 'validated_by_manager' | 'rejected';

export type BulkOutcome =
  | { id: number; write: ChangeWrite }
  | { id: number; refused: 'not_found' }
  | { id: number; refused: ChangeRefusal };

/**
 * A bulk approve or reject: each id decided on its own (duplicates once, in the order asked). `found`
 * holds the rows of the caller's scope the caller may see; any other id is not found.
 */
export function decideBulk(
  caller: Caller,
  ids: readonly number[],
  found: ReadonlyMap<number, ReimbursementFacts & { userId: number }>,
  req: { to: BulkStatus; note?: string | null },
): BulkOutcome[] {
  const out: BulkOutcome[] = [];
  for (const id of new Set(ids)) {
    const r = found.get(id);
    if (!r || !canSee(caller, r.userId)) {
      out.push({ id, refused: 'not_found' });
      continue;
    }
    const decision = decideChange(actorFor(caller, r.userId), r, { to: req.to, note: req.note }, NO_EXTRA);
    out.push('refused' in decision ? { id, refused: decision } : { id, write: decision });
  }
  return out;
}
