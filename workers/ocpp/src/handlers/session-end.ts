/**
 * @module Closes the transactions a charge point shows have ended without their StopTransaction
 * (ADR 040): a new StartTransaction on the connector, a BootNotification, a StatusNotification
 * Available. The object's own open transactions close at their last meter value; in-progress D1
 * sessions it does not hold (seeded, or storage lost) close at their start. Each is priced after the
 * reply; a StopTransaction that arrives later still corrects it (stop-transaction.ts).
 */

import { priceClosedSessionSafely } from '@db/queries/pricing.store';
import { closeStaleSessions, closeWithoutStop as writeCloseWithoutStop } from '@db/queries/sessions.store';
import { curvePoints } from '@domain/ocpp/meter-values';
import { closeWithoutStop, type EndEvidence, endedWithoutStopReason } from '@domain/ocpp/session-end';
import type { HandlerContext } from '../context';
import { loadSessionEnded } from '../load/station';
import { isAccepted } from '../storage/store';

export interface EndScope {
  evidence: EndEvidence;
  /** Only transactions of this connector (all of the station's when absent). */
  connectorId?: number;
  /** Only transactions that started at or before this time (epoch ms). */
  before: number;
  /** The start key of the StartTransaction being handled: its own session is never closed. */
  keepStartKey?: string;
}

/** Closes what the evidence shows has ended; returns the ids of the sessions closed. */
export async function closeEndedTransactions(ctx: HandlerContext, scope: EndScope): Promise<number[]> {
  const closed: number[] = [];
  const ended: number[] = [];
  for (const tx of ctx.store.openTransactions()) {
    if (scope.connectorId !== undefined && tx.connectorId !== scope.connectorId) continue;
    if (tx.startedAt > scope.before || tx.startKey === scope.keepStartKey) continue;
    if (isAccepted(tx.startReply)) {
      const end = closeWithoutStop({
        startAt: tx.startedAt,
        meterStartWh: tx.meterStart,
        points: curvePoints(ctx.store.samples(tx.transactionId)),
        statuses: ctx.store.statusEvents(tx.connectorId),
        evidence: scope.evidence,
      });
      const wrote = await writeCloseWithoutStop(ctx.db, ctx.stationId, tx.transactionId, {
        endAt: new Date(end.endAt),
        meterStopWh: end.meterStopWh,
        energyWh: end.energyWh,
        durationS: end.durationS,
        chargingMinutes: end.chargingMinutes,
        parkingS: end.parkingS,
        stopChargingAt: end.stopChargingAt === null ? null : new Date(end.stopChargingAt),
        remark: end.remarks.join('; '),
        curve: end.curve,
      });
      if (wrote) closed.push(tx.transactionId);
    }
    // Closed without a stop: its samples stay, so a StopTransaction arriving later can correct it.
    ctx.store.markEnded(tx.transactionId);
    ended.push(tx.transactionId);
  }
  loadSessionEnded(ctx, ended);
  const stale = await closeStaleSessions(ctx.db, ctx.stationId, {
    ...(scope.connectorId !== undefined ? { connectorNumber: scope.connectorId } : {}),
    before: new Date(scope.before),
    ...(scope.keepStartKey !== undefined ? { keepStartKey: scope.keepStartKey } : {}),
    remark: `${endedWithoutStopReason(scope.evidence)}; no meter values known`,
  });
  closed.push(...stale);
  if (closed.length === 0) return closed;
  console.warn(`[ocpp] ${ctx.identity}: closed without StopTransaction: ${closed.join(', ')} (${scope.evidence.kind})`);
  ctx.afterReply(async () => {
    for (const id of closed) await priceClosedSessionSafely(ctx.db, id);
  });
  for (const id of closed) {
    ctx.publish({
      type: 'session',
      stationUid: ctx.identity,
      sessionId: id,
      state: 'stopped',
      at: ctx.now.toISOString(),
    });
  }
  return closed;
}
