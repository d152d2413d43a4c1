/**
 * @module What a command's outcome means for the customer-service log, one rule for the API's
 * immediate commands and the charge point object's scheduled ones: the reply's `status`, whether
 * the charge point did what was asked, and the error text when it did not.
 */

/** The outcome of one command as the ChargePoint object's outbox settles it. */
export type CommandOutcome =
  | { status: 'accepted'; reply: unknown }
  | { status: 'rejected'; code: string; description: string }
  | { status: 'timeout' }
  | { status: 'offline' };

/** Replies whose `status` means the charge point did what was asked (RebootRequired: stored, applied at reboot). */
export const DONE_STATUSES: ReadonlySet<string> = new Set(['Accepted', 'Unlocked', 'Scheduled', 'RebootRequired']);

export interface OutcomeSummary {
  /** The reply's `status` (Accepted when the reply has none); null when no reply came. */
  replyStatus: string | null;
  succeeded: boolean;
  /** The customer-service log's error text; null on success. */
  error: string | null;
}

export function summarizeOutcome(outcome: CommandOutcome): OutcomeSummary {
  const replyStatus =
    outcome.status === 'accepted' ? String((outcome.reply as { status?: unknown } | null)?.status ?? 'Accepted') : null;
  const succeeded = replyStatus !== null && DONE_STATUSES.has(replyStatus);
  const error =
    outcome.status === 'accepted'
      ? succeeded
        ? null
        : `The charge point answered ${replyStatus}`
      : outcome.status === 'rejected'
        ? `${outcome.code}: ${outcome.description}`
        : outcome.status;
  return { replyStatus, succeeded, error };
}
