/**
 * @module Stops a transaction whose driver reached a daily, weekly or monthly limit (ADR 020). The
 * budget is stored with the transaction at StartTransaction; each MeterValues compares the energy
 * so far with it (no D1 round trip), and once it is used up a RemoteStopTransaction goes out after
 * the MeterValues reply, once: the claim is stored before the reply, so a replayed or next
 * MeterValues, an eviction included, never sends a second one. A stop that got no answer at all
 * (offline, timeout, or lost in an eviction) may be sent again by a later MeterValues.
 */

import { decideAuthorization } from '@db/queries/authorization.store';
import { recordLimitStop, recordSessionEnergy } from '@db/queries/limit-stops.store';
import { limitStopDue, limitStopLog, refreshedBudget } from '@domain/charging-authorization/limit-stop';
import { type Budget, latestReading } from '@domain/charging-authorization/limits';
import { curvePoints, type MeterSample } from '@domain/ocpp/meter-values';
import type { HandlerContext } from '../context';
import type { TransactionState } from '../storage/store';

export const LIMIT_STOP_TIMEOUT_MS = 30_000;
/** A claimed stop with no recorded answer after this long was lost (eviction) and may be claimed again. */
export const LIMIT_STOP_RETRY_AFTER_MS = 2 * LIMIT_STOP_TIMEOUT_MS;

/** Called with the samples of one MeterValues of an open transaction. */
export function checkLimit(ctx: HandlerContext, tx: TransactionState, samples: readonly MeterSample[]): void {
  if (tx.stop !== null) return;
  const limit = ctx.store.limit(tx.transactionId);
  if (!limit) return; // The user has no limit: nothing more to read or write.
  const now = ctx.now.getTime();
  if (
    limit.stopRequestedAt !== null &&
    !(limit.stopResult === null && now - limit.stopRequestedAt >= LIMIT_STOP_RETRY_AFTER_MS)
  ) {
    return;
  }
  const reading = latestReading(curvePoints(samples));
  if (reading === null) return;
  // Time to recompute the budget (five minutes, or a new day): after the reply, from D1 (ADR 028).
  if (limit.budget.refreshAt !== undefined && now >= limit.budget.refreshAt) {
    // Claimed now, so the MeterValues that follow before the refresh lands do not start another.
    ctx.store.updateLimit(tx.transactionId, { ...limit.budget, refreshAt: now + REFRESH_RETRY_MS });
    ctx.afterReply(() => refreshBudget(ctx, tx, reading));
  }
  const due = limitStopDue(limit.budget, { meterStartWh: tx.meterStart, startedAt: tx.startedAt }, reading);
  if (!due) return;
  if (!ctx.store.claimLimitStop(tx.transactionId, now, now - LIMIT_STOP_RETRY_AFTER_MS)) return;
  ctx.afterReply(() => stopForLimit(ctx, tx, due.reached, due.energyWh, due.spentMinor));
}

/** A failed refresh (D1 unreachable) is tried again this much later; the old budget holds meanwhile. */
const REFRESH_RETRY_MS = 60_000;

/**
 * Recomputes the budget of an open transaction (ADR 028): writes the session's energy so far to D1,
 * so the driver's other sessions and decisions count it, then asks the same decision as at the start
 * and counts the new budget from the current reading. It sees the driver's other sessions (their
 * energy as of their own last refresh) and, after midnight, a new day in which this session's energy
 * before the refresh is not counted (it started the day before).
 */
async function refreshBudget(ctx: HandlerContext, tx: TransactionState, reading: { at: number; wh: number }) {
  await recordSessionEnergy(ctx.db, tx.transactionId, reading.wh - tx.meterStart);
  const at = ctx.now;
  const decision = await decideAuthorization(ctx.db, {
    idTag: tx.idTag,
    stationId: ctx.stationId,
    connectorNumber: tx.connectorId,
    at,
  });
  const current = ctx.store.limit(tx.transactionId);
  if (!current || current.stopRequestedAt !== null) return;
  const tx0 = { meterStartWh: tx.meterStart, startedAt: tx.startedAt };
  ctx.store.updateLimit(tx.transactionId, refreshedBudget(current.budget, decision.budget, tx0, reading, at));
}

async function stopForLimit(
  ctx: HandlerContext,
  tx: TransactionState,
  budget: Budget,
  energyWh: number,
  spentMinor: number | null,
): Promise<void> {
  const request = { transactionId: tx.transactionId };
  const outcome = await ctx.sendCommand('RemoteStopTransaction', request, LIMIT_STOP_TIMEOUT_MS);
  const answered = outcome.status === 'accepted' || outcome.status === 'rejected';
  ctx.store.recordLimitStopResult(tx.transactionId, outcome, answered);
  await recordLimitStop(ctx.db, {
    stationId: ctx.stationId,
    sessionId: tx.transactionId,
    ...limitStopLog(budget, energyWh, spentMinor, request, outcome),
  });
}
