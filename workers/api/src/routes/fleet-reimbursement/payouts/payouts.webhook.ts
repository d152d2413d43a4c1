/**
 * @module Stripe's events for home reimbursements (issue 19 part 7): payouts and transfers carrying our
 * `reimbursement_id` metadata, and `account.updated` of an employee's payout account (metadata
 * `home_reimbursement_user_id`). Stored first and applied once like every Stripe event
 * (routes/stripe/webhooks: a replay of an event id is a duplicate); the status change itself is
 * conditional, so a second `payout.paid` finds the reimbursement paid and changes nothing. Operator
 * accounts' events never come here (they carry no such metadata).
 */
import { markEvent, recordEvent } from '@api/routes/stripe/webhooks/webhooks.store';
import type { Db } from '@db/db';
import type { BillingEvent } from '@domain/billing/apply-event';
import {
  decidePayoutAccountEvent,
  decideReimbursementEvent,
  reimbursementIdOf,
  type StripeObjectReport,
} from '@domain/reimbursement/payouts';
import {
  applyPayoutAccountEvent,
  applyReimbursementEvent,
  payoutAccountByStripeId,
  reimbursementEventFacts,
} from './payouts.store';

type Metadata = { metadata?: Record<string, string> | null };

const objectOf = (event: BillingEvent) => event.data.object as StripeObjectReport['object'] & Metadata;

/** An employee's payout account's update, or a payout or transfer that names a reimbursement. */
export function isReimbursementEvent(event: BillingEvent): boolean {
  const o = objectOf(event);
  if (event.type === 'account.updated') return typeof o.metadata?.home_reimbursement_user_id === 'string';
  if (event.type.startsWith('payout.') || event.type.startsWith('transfer.')) return reimbursementIdOf(o) !== null;
  return false;
}

export async function receiveReimbursementEvent(
  db: Db,
  event: BillingEvent,
  payloadJson: string,
): Promise<'applied' | 'stale' | 'ignored' | 'duplicate' | 'failed'> {
  const o = objectOf(event);
  const { apply } = await recordEvent(db, {
    id: event.id,
    type: event.type,
    account: event.account ?? null,
    objectId: o.id,
    created: event.created,
    payloadJson,
  });
  if (!apply) return 'duplicate';
  try {
    if (event.type === 'account.updated') {
      // A payout account's events come from the account itself (or the platform): never another's.
      const row = event.account && event.account !== o.id ? null : await payoutAccountByStripeId(db, o.id);
      const decision = decidePayoutAccountEvent(
        {
          created: event.created,
          object: event.data.object as { details_submitted?: boolean; payouts_enabled?: boolean },
        },
        row ?? null,
      );
      if (decision.outcome !== 'applied') {
        await markEvent(
          db,
          event.id,
          decision.outcome,
          decision.outcome === 'ignored' ? { reason: decision.reason } : {},
        );
        return decision.outcome;
      }
      await applyPayoutAccountEvent(db, event.id, o.id, event.created, decision.values);
      return 'applied';
    }
    const id = reimbursementIdOf(o) ?? 0;
    const facts = await reimbursementEventFacts(db, id);
    const decision = decideReimbursementEvent(
      { type: event.type, created: event.created, account: event.account ?? null, object: o },
      facts,
    );
    if (decision.outcome === 'ignored') {
      await markEvent(db, event.id, 'ignored', { reason: decision.reason });
      return 'ignored';
    }
    const moved = await applyReimbursementEvent(db, event.id, id, decision);
    if (!moved) {
      await markEvent(db, event.id, 'ignored', { reason: 'Reimbursement changed meanwhile' });
      return 'ignored';
    }
    return 'applied';
  } catch (err) {
    await markEvent(db, event.id, 'failed', {
      error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    });
    return 'failed';
  }
}
