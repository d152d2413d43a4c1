/**
 * @module Applying a verified Stripe event exactly once (issue 17 §9): stored first (a replay is
 * counted and acknowledged, never applied twice), then gather → decide → write, and the outcome
 * recorded: applied, stale, ignored (with the reason) or failed (with the error; Stripe retries, and a
 * redelivery of a failed event applies it again).
 */
import type { Db } from '@db/db';
import { type BillingEvent, decideEvent, eventTarget } from '@domain/billing/apply-event';
import { gatherFacts, writeDecision, writeRefusal } from './webhooks.apply.store';
import { markEvent, recordEvent } from './webhooks.store';

export type WebhookOutcome = 'applied' | 'stale' | 'ignored' | 'failed' | 'duplicate';

/** At most this much of an apply error is kept (it is shown on the log screen). */
const ERROR_CHARS = 500;

/**
 * `after` runs once the decision is recorded, for work beyond our tables (a call to Stripe); if it
 * throws, the event is marked failed, so Stripe's redelivery applies it (guarded, idempotent) again.
 */
export async function receiveEvent(
  db: Db,
  event: BillingEvent,
  payloadJson: string,
  after?: (event: BillingEvent) => Promise<void>,
): Promise<WebhookOutcome> {
  const target = eventTarget(event);
  const { apply } = await recordEvent(db, {
    id: event.id,
    type: event.type,
    account: event.account ?? null,
    objectId: target.objectId,
    created: event.created,
    payloadJson,
  });
  if (!apply) return 'duplicate';
  try {
    const decision = decideEvent(event, await gatherFacts(db, event, target));
    if (decision.outcome === 'applied') await writeDecision(db, event, decision.write);
    else if (decision.outcome === 'failed') await writeRefusal(db, event, decision.topUpId, decision.reason);
    else
      await markEvent(
        db,
        event.id,
        decision.outcome,
        decision.outcome === 'ignored' ? { reason: decision.reason } : {},
      );
    if (after && decision.outcome !== 'failed') await after(event);
    return decision.outcome;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await markEvent(db, event.id, 'failed', { error: message.slice(0, ERROR_CHARS) });
    return 'failed';
  }
}
